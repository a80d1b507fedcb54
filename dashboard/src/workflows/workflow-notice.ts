import { useHistoryState } from 'wouter/use-browser-location';

/** A message a page leaves in the history entry it navigates to ("saved", "deleted"), so it survives the navigation. */
export interface WorkflowsNoticeState {
  notice: string;
}

/** The notice the previous page left in this history entry, if any. */
export function useNoticeFromHistory(): string | undefined {
  const state = useHistoryState<Partial<WorkflowsNoticeState> | null>();
  return typeof state?.notice === 'string' ? state.notice : undefined;
}
