import { AbstractChat, type ChatState, type ChatStatus, DefaultChatTransport, generateId, lastAssistantMessageIsCompleteWithApprovalResponses, type UIMessage } from 'ai';

/** useChat's state, without React: what `@ai-sdk/react`'s Chat keeps in a ref. */
class ArrayState implements ChatState<UIMessage> {
  status: ChatStatus = 'ready';
  error: Error | undefined = undefined;
  messages: UIMessage[] = [];
  pushMessage = (message: UIMessage) => void this.messages.push(message);
  popMessage = () => void this.messages.pop();
  replaceMessage = (index: number, message: UIMessage) => void (this.messages[index] = message);
  snapshot = <T>(thing: T): T => structuredClone(thing);
}

/**
 * The chat class `useChat` wraps, uncustomised but for its state: the SDK's own requests and stream
 * handling, answering tool approvals as useChat does (`sendAutomaticallyWhen`). `body`: fields sent
 * with every request (an agentId).
 */
export class StockChat extends AbstractChat<UIMessage> {
  private finished: (() => void)[] = [];

  constructor(api: string, token: string, body?: Record<string, unknown>) {
    super({
      id: generateId(),
      transport: new DefaultChatTransport<UIMessage>({ api, headers: { authorization: `Bearer ${token}` }, body }),
      state: new ArrayState(),
      sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithApprovalResponses,
      onFinish: () => this.finished.shift()?.(),
    });
  }

  /** Resolves when the next reply has finished streaming (the one the automatic approval request brings). */
  nextFinish(): Promise<void> {
    return new Promise((resolve) => this.finished.push(resolve));
  }

  get last(): UIMessage {
    const message = this.messages.at(-1);
    if (!message) throw new Error('no messages');
    return message;
  }
}
