import { parentPort, workerData } from 'node:worker_threads';
import { percentiles } from '../lib/load.mjs';

// Each client sends a message, reads a few chunks, drops the connection (a page reload), then
// resumes and reads the reply to its end. Runs in its own thread, apart from the server.
const { base, token, clients, dropAfterChunks, question } = workerData;
const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };

function chunksOf(text) {
  return text
    .split('\n\n')
    .filter((event) => event.startsWith('data: ') && event !== 'data: [DONE]')
    .map((event) => JSON.parse(event.slice(6)));
}

async function readAll(response) {
  const decoder = new TextDecoder();
  let text = '';
  for await (const bytes of response.body) text += decoder.decode(bytes, { stream: true });
  return chunksOf(text);
}

async function client() {
  const controller = new AbortController();
  const response = await fetch(`${base}/api/assistant/router`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ messages: [{ id: crypto.randomUUID(), role: 'user', parts: [{ type: 'text', text: question }] }] }),
    signal: controller.signal,
  });
  const conversationId = response.headers.get('x-conversation-id');
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let before = '';
  while (chunksOf(before).length < dropAfterChunks) {
    const { value, done } = await reader.read();
    if (done) break;
    before += decoder.decode(value, { stream: true });
  }
  controller.abort();
  const started = performance.now();
  const resumed = await fetch(`${base}/api/assistant/router/${conversationId}/stream`, { headers: { authorization: headers.authorization } });
  const firstByte = performance.now() - started;
  const chunks = resumed.status === 200 ? await readAll(resumed) : [];
  return { status: resumed.status, firstByte, before: chunksOf(before), chunks };
}

const results = await Promise.all(Array.from({ length: clients }, client));
parentPort.postMessage({
  statuses: results.map((result) => result.status),
  resume: percentiles(results.map((result) => result.firstByte)),
  // What a client ends up with: its text deltas after resuming, and whether the chunks it saw
  // before dropping are the start of the resumed stream (nothing reordered or changed).
  deltas: results.map((result) => result.chunks.filter((chunk) => chunk.type === 'text-delta').length),
  prefixesMatch: results.every((result) => JSON.stringify(result.chunks.slice(0, result.before.length)) === JSON.stringify(result.before)),
  finished: results.filter((result) => result.chunks.at(-1)?.type === 'finish').length,
});
