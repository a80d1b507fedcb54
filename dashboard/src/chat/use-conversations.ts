import { useState } from 'react';
import type { ConversationResponse } from '../api/types';
import { useApi } from '../api/use-api';
import { deleteConversation, listConversations } from './api';

/** The team's conversations, newest first, and deleting one. */
export function useConversations() {
  const list = useApi(listConversations, []);
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

  return { conversations: list.data, error: list.error ?? removeError, reload: list.reload, remove };
}
