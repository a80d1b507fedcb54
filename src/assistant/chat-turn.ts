import type { ToolApprovals } from './mcp/mcp-tools.service.js';
import type { ReplyFormat } from './reply-format.js';

/** What a client asks for: the router's body, or an OpenAI-style request mapped onto it. */
export interface ChatTurn {
  /** The conversation as the client holds it, ending with the message to answer; checked as UI messages. */
  messages: unknown[];
  /** The service's id of an existing conversation (SPEC §4): 404 when the team has none. */
  conversationId?: string | null;
  /** A client's chat id (useChat's `id`): the conversation kept under it, made on first use. */
  chatId?: string | null;
  /** Skips routing and forces this agent. */
  agentId?: string | null;
  modelId?: string | null;
  /** `regenerate-message`: the reply to the last user message is generated again and replaces what followed it. */
  trigger?: ChatTrigger | null;
  /** With `regenerate-message`: the message being replaced (or the user message it answered). */
  messageId?: string | null;
  /**
   * A new conversation also keeps the request's text-only assistant messages as its history: a
   * stateless client (an OpenAI-compatible one) sends its whole conversation each time.
   */
  keepAssistantText?: boolean;
  /**
   * Tools marked "needs approval": `ask` where the client can answer the reply's approval requests
   * (the router, a `useChat`), `refuse` elsewhere (/v1, an MCP client).
   */
  toolApprovals: ToolApprovals;
  /** The reply as JSON (OpenAI's response_format / text.format); prose when absent. */
  format?: ReplyFormat | null;
}

export const CHAT_TRIGGERS = ['submit-message', 'regenerate-message'] as const;
export type ChatTrigger = (typeof CHAT_TRIGGERS)[number];

/** A started reply: the conversation it belongs to and the live stream it is generated into. */
export interface StartedReply {
  conversationId: string;
  streamId: string;
}
