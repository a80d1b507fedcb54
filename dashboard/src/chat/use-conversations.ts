import { useState } from 'react';
import type { ConversationResponse } from '../api/types';
import { useApi } from '../api/use-api';
import { CONVERSATION_PAGE, deleteConversation, listConversations } from './api';

/**
 * The caller's conversations, newest first, a page at a time (older pages on asking), and deleting
 * one. A reload reads every page shown again, so a reply moving a chat to the top keeps the rest.
 */
export function useConversations() {
  const [pages, setPages] = useState(1);
  const list = useApi(async () => {
    const loaded = await Promise.all(Array.from({ length: pages }, (_, page) => listConversations(page * CONVERSATION_PAGE)));
    // A chat that moved up between two pages' reads would show twice.
    const seen = new Set<string>();
    const conversations = loaded.flat().filter((conversation) => !seen.has(conversation.id) && !!seen.add(conversation.id));
    return { conversations, more: loaded[loaded.length - 1].length === CONVERSATION_PAGE };
  }, [pages]);
  const [removeError, setRemoveError] = useState<Error>();

  async function remove(conversation: ConversationResponse): Promise<boolean> {
    try {
      await deleteConversation(conversation.id);
      setRemoveError(undefined);
      await list.reload();
      return true;
    } catch (error) {
      setRemoveError(error as Error);
      return false;
    }
  }

  return {
    conversations: list.data?.conversations,
    more: list.data?.more ?? false,
    showMore: () => setPages((shown) => shown + 1),
    error: list.error ?? removeError,
    reload: list.reload,
    remove,
  };
}
