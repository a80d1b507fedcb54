import type { UIMessage } from 'ai';
import { useCallback, useEffect, useState } from 'react';
import type { ForkResponse, MessageFeedbackResponse } from '../api/types';
import { conversationBranches, conversationFeedback, rateReply, removeRating, showVersion } from './api';

export type Rating = MessageFeedbackResponse['rating'];

/**
 * What the conversation keeps beside the history shown: the versions at each fork (to page
 * through) and the caller's ratings of its replies. Read when the conversation is known and again
 * after each reply (a regenerated reply or an edited message makes a fork).
 */
export function useMessageActions(conversationId: string | undefined, showMessages: (messages: UIMessage[]) => void) {
  const [forks, setForks] = useState<ForkResponse[]>([]);
  const [ratings, setRatings] = useState<Map<string, MessageFeedbackResponse>>(new Map());
  const [error, setError] = useState<Error>();

  const reload = useCallback(async () => {
    if (!conversationId) return;
    try {
      const [branches, feedback] = await Promise.all([conversationBranches(conversationId), conversationFeedback(conversationId)]);
      setForks(branches.forks);
      setRatings(new Map(feedback.map((rating) => [rating.messageId, rating])));
    } catch (failure) {
      setError(failure as Error);
    }
  }, [conversationId]);

  useEffect(() => {
    void reload();
  }, [reload]);

  async function act(action: () => Promise<void>) {
    try {
      await action();
      setError(undefined);
    } catch (failure) {
      setError(failure as Error);
    }
  }

  return {
    forks,
    ratings,
    error,
    reload,
    showVersion: (version: string) =>
      act(async () => {
        if (!conversationId) return;
        const branches = await showVersion(conversationId, version);
        showMessages(branches.messages);
        setForks(branches.forks);
      }),
    rate: (messageId: string, rating: Rating, note: string | null) =>
      act(async () => {
        if (!conversationId) return;
        const stored = await rateReply(conversationId, messageId, rating, note);
        setRatings((previous) => new Map(previous).set(messageId, stored));
      }),
    unrate: (messageId: string) =>
      act(async () => {
        if (!conversationId) return;
        await removeRating(conversationId, messageId);
        setRatings((previous) => {
          const next = new Map(previous);
          next.delete(messageId);
          return next;
        });
      }),
  };
}

export type MessageActions = ReturnType<typeof useMessageActions>;
