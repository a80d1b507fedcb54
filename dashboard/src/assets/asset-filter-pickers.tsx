import type { ConversationResponse, WorkflowRunResponse } from '../api/types';
import { useApi } from '../api/use-api';
import { conversationHistory, listConversations } from '../chat/api';
import { useSession } from '../session/session';
import { getWorkflow, listWorkflows } from '../workflows/api';
import { runLabel } from '../workflows/workflow-format';

// The gallery's conversation and run filters, picked by name: the URL keeps the ids.

interface PickerOption {
  value: string;
  label: string;
}

/**
 * The options with the chosen value among them: a link may name one the lists do not hold (an
 * older conversation, a run whose workflow is not picked), and a select shows only what it lists.
 */
function withChosen(options: PickerOption[], chosen: string, label: string): PickerOption[] {
  return chosen === '' || options.some((option) => option.value === chosen) ? options : [{ value: chosen, label }, ...options];
}

function Options({ options }: { options: PickerOption[] }) {
  return options.map((option) => (
    <option key={option.value} value={option.value}>
      {option.label}
    </option>
  ));
}

/** A chat by its title; one another member shared, with their name. */
function chatName(conversation: ConversationResponse, myId: string | undefined): string {
  return conversation.author && conversation.author.id !== myId ? `${conversation.title} (${conversation.author.name})` : conversation.title;
}

/**
 * The chats the caller may read by title, newest first (the API's first page: their own and those
 * shared with the team); a run's conversation is picked as the run.
 */
export function ConversationPicker({ conversationId, onChange }: { conversationId: string; onChange: (conversationId: string) => void }) {
  const myId = useSession().me?.user.id;
  const listed = useApi(() => listConversations(), []);
  const known = listed.data?.find((conversation) => conversation.id === conversationId);
  const unlisted = conversationId !== '' && listed.data !== undefined && known === undefined;
  // A linked conversation beyond the first page is named by its own record.
  const looked = useApi(unlisted ? () => conversationHistory(conversationId).then((history) => history.conversation.title) : null, [conversationId, unlisted]);
  const chats = (listed.data ?? []).filter((conversation) => conversation.workflowRun === null).map((conversation) => ({ value: conversation.id, label: chatName(conversation, myId) }));
  const chosenLabel = (known && chatName(known, myId)) ?? looked.data ?? (looked.error ? 'A conversation not in your list' : 'Loading…');
  return (
    <label>
      Conversation
      <select value={conversationId} onChange={(event) => onChange(event.target.value)}>
        <option value="">Any conversation</option>
        <Options options={withChosen(chats, conversationId, chosenLabel)} />
      </select>
    </label>
  );
}

function runName(run: WorkflowRunResponse): string {
  return `${runLabel(run.id)} · ${new Date(run.startedAt).toLocaleString()}`;
}

interface RunPickerProps {
  workflowId: string;
  runId: string;
  onChange: (workflowId: string, runId: string) => void;
}

/**
 * A run picked by its workflow's title, then by its number and start (no route lists a team's
 * runs across workflows). Picking a workflow picks its newest run: the API filters by run.
 */
export function RunPicker({ workflowId, runId, onChange }: RunPickerProps) {
  const workflows = useApi(() => listWorkflows(), []);
  const runs = useApi(workflowId ? () => getWorkflow(workflowId).then((workflow) => workflow.workflowRuns) : null, [workflowId]);
  // A workflow that never ran made no assets.
  const ran = (workflows.data ?? []).filter((workflow) => workflow.latestRun !== null);
  const workflowOptions = withChosen(
    ran.map((workflow) => ({ value: workflow.id, label: workflow.title })),
    workflowId,
    workflows.data ? 'A workflow not in the list' : 'Loading…',
  );
  const runOptions = withChosen(
    (runs.data ?? []).map((run) => ({ value: String(run.id), label: runName(run) })),
    runId,
    runLabel(Number(runId)),
  );

  function pickWorkflow(id: string) {
    onChange(id, String(ran.find((workflow) => workflow.id === id)?.latestRun?.id ?? ''));
  }

  return (
    <>
      <label>
        Workflow
        <select value={workflowId} onChange={(event) => pickWorkflow(event.target.value)}>
          <option value="">Any workflow</option>
          <Options options={workflowOptions} />
        </select>
      </label>
      <label>
        Run
        {/* "Any run" lifts the run filter, and with it the workflow that only narrowed the list. */}
        <select value={runId} disabled={runOptions.length === 0} onChange={(event) => onChange(event.target.value && workflowId, event.target.value)}>
          <option value="">Any run</option>
          <Options options={runOptions} />
        </select>
      </label>
    </>
  );
}
