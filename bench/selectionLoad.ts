// The selection bench's 1,000 students (bench/selectionRace.ts), on a thread of their own: their
// HTTP client (node:http, one connection per request in flight) runs on another event loop than the server it
// measures, as 1,000 phones would. Each sign-up is one POST rombel-save on its own connection;
// its time runs from its own start to its answer, so waiting in any queue counts.

import { Worker } from 'node:worker_threads';

export interface SignUpResult {
  status: number;
  reason?: string;
  ms: number;
  /** When the client had written the whole request (its connection made), ms from its start: the client's own share. */
  sentMs: number;
}

export interface LoadPlan {
  url: string;
  token: string;
  offeringId: number;
  studentIds: number[];
  /** All at once, or this many clients each sending its next sign-up when answered. */
  clients: number | 'all';
}

// Plain JavaScript (CommonJS), so the thread needs no TypeScript loader.
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { url, token, offeringId, studentIds, clients } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
const headers = { 'content-type': 'application/json', authorization: 'Bearer ' + token, 'accept-language': 'en' };
function signUp(id) {
  const started = performance.now();
  const body = JSON.stringify({ type: 'subject', student_id: id, offering_id: offeringId, check: true });
  let sentMs = NaN;
  return new Promise((resolve, reject) => {
    const req = http.request(url + '/api/v1/rombel-save', { method: 'POST', headers: { ...headers, 'content-length': Buffer.byteLength(body) }, agent }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => { text += chunk; });
      res.on('end', () => {
        let reason;
        try { reason = JSON.parse(text).reason; } catch { reason = undefined; }
        resolve({ status: res.statusCode, reason, ms: performance.now() - started, sentMs });
      });
      res.on('error', reject);
    });
    req.on('finish', () => { sentMs = performance.now() - started; });
    req.on('error', reject);
    req.end(body);
  });
}
(async () => {
  // One call first, untimed, on a connection of its own: the thread's HTTP code is loaded and
  // compiled before the clock runs, as on a phone that has used the page before.
  await new Promise((resolve, reject) => {
    http.get(url + '/api/v1/health', { agent: false }, (res) => { res.resume(); res.on('end', resolve); }).on('error', reject);
  });
  const began = performance.now();
  let results;
  if (clients === 'all') results = await Promise.all(studentIds.map(signUp));
  else {
    results = [];
    let next = 0;
    await Promise.all(Array.from({ length: clients }, async () => {
      while (next < studentIds.length) results.push(await signUp(studentIds[next++]));
    }));
  }
  const wall = performance.now() - began;
  agent.destroy();
  parentPort.postMessage({ results, wall });
})().catch((error) => { throw error; });
`;

/** Runs the plan on a worker thread; answers each sign-up's result and the wall time, ms. */
export function runSignUps(plan: LoadPlan): Promise<{ results: SignUpResult[]; wall: number }> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, { eval: true, workerData: plan });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`the sign-up thread ended with code ${code}`));
    });
  });
}
