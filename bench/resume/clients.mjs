import { parentPort, workerData } from 'node:worker_threads';
import { percentiles } from '../lib/load.mjs';

// Each client sends a message, reads the reply until it holds `dropAfterChars` characters of its
// text, drops the connection (a page reload), then resumes and reads the reply to its end. Runs in
// its own thread, apart from the server.
const { base, token, clients, dropAfterChars, question } = workerData;
const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };

const textOf = (chunks) => chunks.filter((chunk) => chunk.type === 'text-delta').map((chunk) => chunk.delta).join('');

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
  while (textOf(chunksOf(before)).length < dropAfterChars) {
    const { value, done } = await reader.read();
    if (done) break;
    before += decoder.decode(value, { stream: true });
  }
  controller.abort();
  const started = performance.now();
  const resumed = await fetch(`${base}/api/assistant/router/${conversationId}/stream`, { headers: { authorization: headers.authorization } });
  const firstByte = performance.now() - started;
  if (resumed.status === 200) {
    const chunks = await readAll(resumed);
    return { status: 200, firstByte, before: chunksOf(before), chunks, textChunks: chunks.filter((chunk) => chunk.type === 'text-delta').length };
  }
  // 204: the reply finished before the resume arrived; the client then reads it from the history.
  const history = await fetch(`${base}/api/assistant/history?id=${conversationId}`, { headers: { authorization: headers.authorization } }).then((r) => r.json());
  // A history that could not be read (an error body) leaves the client without its reply: counted as missing chunks.
  const reply = history.messages?.find((message) => message.role === 'assistant');
  return { status: resumed.status, firstByte, before: chunksOf(before), storedText: reply?.parts.filter((part) => part.type === 'text').map((part) => part.text).join('') ?? '' };
}

const results = await Promise.all(Array.from({ length: clients }, client));
parentPort.postMessage({
  statuses: results.map((result) => result.status),
  resume: percentiles(results.map((result) => result.firstByte)),
  // What a client ends up with: the text it rebuilt from the resumed stream (or read from the
  // history after a 204), and whether the chunks it saw before dropping are the start of the
  // resumed stream (nothing reordered or changed).
  texts: results.map((result) => (result.chunks ? textOf(result.chunks) : result.storedText)),
  textChunks: results.flatMap((result) => (result.chunks ? [result.textChunks] : [])),
  prefixesMatch: results.every((result) => !result.chunks || JSON.stringify(result.chunks.slice(0, result.before.length)) === JSON.stringify(result.before)),
  finished: results.filter((result) => !result.chunks || result.chunks.at(-1)?.type === 'finish').length,
});
