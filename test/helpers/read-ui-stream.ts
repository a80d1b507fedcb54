import { parseJsonEventStream, readUIMessageStream, type UIMessage, type UIMessageChunk, uiMessageChunkSchema } from 'ai';

export interface ParsedUIStream {
  /** The message as the AI SDK's own client rebuilds it (what `useChat` shows). */
  message: UIMessage;
  chunks: UIMessageChunk[];
}

/** Parses an SSE UI message stream body with the AI SDK's client-side parser. */
export async function readUIStream(body: string | ReadableStream<Uint8Array>): Promise<ParsedUIStream> {
  const bytes = typeof body === 'string' ? new Blob([body]).stream() : body;
  const chunks: UIMessageChunk[] = [];
  for await (const result of parseJsonEventStream({ stream: bytes, schema: uiMessageChunkSchema })) {
    if (!result.success) throw new Error(`unparseable chunk: ${String(result.error)}`);
    chunks.push(result.value);
  }
  let message: UIMessage | undefined;
  for await (const snapshot of readUIMessageStream({ stream: ReadableStream.from(chunks) })) message = snapshot;
  if (!message) throw new Error('the stream held no message');
  return { message, chunks };
}
