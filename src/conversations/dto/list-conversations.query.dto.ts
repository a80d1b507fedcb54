import { PageLimit, PageOffset } from '../../http/page-query.js';

/** SPEC §8: the conversation list returns at most this many. */
export const CONVERSATION_PAGE_MAX = 50;

/** A page of the list, most recently active first, as the assets listing pages: the first 50 unless asked otherwise. */
export class ListConversationsQueryDto {
  @PageLimit(CONVERSATION_PAGE_MAX, CONVERSATION_PAGE_MAX)
  limit: number = CONVERSATION_PAGE_MAX;

  @PageOffset()
  offset: number = 0;
}
