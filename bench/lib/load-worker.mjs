import { parentPort, workerData } from 'node:worker_threads';
import { runLoad } from './load.mjs';

// The request body is built here: functions cannot cross the thread boundary.
const { bodyTemplate, ...options } = workerData;
const body = () => JSON.parse(bodyTemplate.replaceAll('$UUID', crypto.randomUUID()));
parentPort.postMessage(await runLoad({ ...options, body }));
