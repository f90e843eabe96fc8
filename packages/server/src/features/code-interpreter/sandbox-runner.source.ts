/**
 * The program a sandbox process runs (`node -e`, as an ES module), kept as text so the bundled server needs no
 * file beside it. Its argv: the pyodide package folder, the memory snapshot's path ('' for none), and the mode
 * (`snapshot` makes a snapshot and leaves; `sandbox` serves runs). It talks to the pool over the IPC channel only.
 *
 * Order matters (docs/reference/code-interpreter.md (Isolation layers)): Pyodide loads while Node's globals are still
 * there; then the Python prelude runs, the `js`/`pyodide_js` modules are unregistered, the Pyodide API that mounts
 * host folders or opens sockets is replaced by refusals, the dangerous globals are deleted, and only then is `ready`
 * sent and user code accepted. Code is written without template literals: this text is itself one.
 */
export const RUNNER_SOURCE = String.raw`
import childProcess from 'node:child_process';
import dgram from 'node:dgram';
import dns from 'node:dns';
import { constants as fsConstants, readFileSync } from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import https from 'node:https';
import inspector from 'node:inspector';
import Module from 'node:module';
import net from 'node:net';
import tls from 'node:tls';
import { pathToFileURL } from 'node:url';
import vm from 'node:vm';
import workerThreads from 'node:worker_threads';

const proc = process;
const [pyodideDir, snapshotPath, mode] = proc.argv.slice(1);
const send = (message) => new Promise((resolve) => proc.send(message, undefined, {}, () => resolve()));
const leave = (code) => proc.exit(code);
proc.on('disconnect', () => leave(0));

// Emscripten's NODEFS reads the fs flags through process.binding, which the permission model refuses.
const realBinding = proc.binding;
proc.binding = (name) => (name === 'constants' ? { fs: fsConstants } : realBinding.call(proc, name));

const nextMessage = () => new Promise((resolve) => proc.once('message', resolve));
const init = await nextMessage();
const { loadPyodide } = await import(pathToFileURL(pyodideDir + '/pyodide.mjs').href);
const jsglobals = Object.create(null);
const quiet = () => {};

if (mode === 'snapshot') {
  const py = await loadPyodide({ indexURL: pyodideDir + '/', env: {}, jsglobals, stdout: quiet, stderr: quiet, _makeSnapshot: true });
  py.runPython(init.warmImports);
  await send({ type: 'snapshot', bytes: py.makeMemorySnapshot() });
  leave(0);
}

// Fresh wasm memory reads as zeros: copying the snapshot's zero pages would only make them resident, so
// while Pyodide restores the snapshot, chunks that are zero on both sides are skipped.
const typedArraySet = Object.getPrototypeOf(Int8Array.prototype).set;
const CHUNK = 65536;
function isZero(a, start, end) {
  for (let i = start; i < end; i += 1) if (a[i] !== 0) return false;
  return true;
}
function sparseSet(source, offset) {
  if (!offset && source.length >= 16777216 && source.length === this.length) {
    for (let s = 0; s < source.length; s += CHUNK) {
      const e = Math.min(source.length, s + CHUNK);
      if (!isZero(source, s, e) || !isZero(this, s, e)) typedArraySet.call(this, source.subarray(s, e), s);
    }
    return undefined;
  }
  return typedArraySet.call(this, source, offset);
}
const setHolder = Object.getPrototypeOf(Int8Array.prototype);
let snapshot = snapshotPath ? readFileSync(snapshotPath) : undefined;
if (snapshot) Object.defineProperty(setHolder, 'set', { value: sparseSet, writable: true, configurable: true });
let py;
try {
  py = await loadPyodide({ indexURL: pyodideDir + '/', env: {}, jsglobals, stdout: quiet, stderr: quiet, _loadSnapshot: snapshot });
} finally {
  Object.defineProperty(setHolder, 'set', { value: typedArraySet, writable: true, configurable: true });
  snapshot = undefined;
}
// Pyodide keeps its options: without this the snapshot's bytes would stay in memory for the process's life.
if (py._api.config) py._api.config._loadSnapshot = undefined;

function capture() {
  let chunks = [];
  let kept = 0;
  let dropped = 0;
  let cap = 0;
  return {
    reset(limit) { chunks = []; kept = 0; dropped = 0; cap = limit; },
    write(buffer) {
      const room = Math.max(0, cap - kept);
      if (room > 0) {
        const part = buffer.subarray(0, room);
        chunks.push(part.slice());
        kept += part.length;
      }
      dropped += Math.max(0, buffer.length - room);
      return buffer.length;
    },
    text() {
      const all = new Uint8Array(kept);
      let at = 0;
      for (const c of chunks) { all.set(c, at); at += c.length; }
      const text = new TextDecoder().decode(all);
      return dropped > 0 ? text + '\n[output cut: ' + dropped + ' more bytes]' : text;
    },
  };
}
const stdout = capture();
const stderr = capture();
py.setStdout({ write: (b) => stdout.write(b) });
py.setStderr({ write: (b) => stderr.write(b) });

const FS = py.FS;
const runCode = py.runPython(init.prelude);

// The Node APIs behind Pyodide: gone from Python's reach before any user code runs.
const refuse = (what) => () => { throw new Error(what + ' is not available in the sandbox'); };
for (const name of ['js', 'pyodide_js']) py.unregisterJsModule(name);
const api = py._api;
const module = py._module;
for (const name of ['mountNodeFS', 'mountNativeFS', 'useNodeSockFS', 'loadPackage', 'loadPackagesFromImports', 'registerJsModule', 'setStdin', 'setStdout', 'setStderr', 'registerComlink']) {
  Object.defineProperty(py, name, { value: refuse(name), writable: false, configurable: false });
}
for (const name of ['initializeNodeSockFS', 'loadBinaryFile', 'loadScript', 'loadPackage', 'install', 'syncfs']) {
  if (name in api) api[name] = refuse(name);
}
for (const name of ['NODEFS', 'NODESOCKFS', 'PROXYFS', 'WORKERFS', 'IDBFS', 'NATIVEFS_ASYNC']) delete FS.filesystems[name];
// Sockets: Emscripten's SOCKFS would open a WebSocket to any address a Python socket connects to.
module.SOCKFS.createSocket = () => { throw new FS.ErrnoError(2); };
// Node's modules, behind whatever reference Pyodide's closures keep (Emscripten's system() requires
// child_process; its SOCKFS requires ws, which uses net): loading any module and opening any process, socket,
// DNS query, debugger or script compiler now throws. The permission model refuses most of this too.
const refuseAll = (target, names, what) => {
  for (const name of names) if (target && name in target) target[name] = refuse(what);
};
refuseAll(Module, ['_load', 'createRequire', 'register', 'registerHooks', '_resolveFilename'], 'loading modules');
refuseAll(Module.prototype, ['require', '_compile'], 'loading modules');
refuseAll(childProcess, ['spawn', 'spawnSync', 'exec', 'execSync', 'execFile', 'execFileSync', 'fork'], 'starting a process');
refuseAll(net, ['connect', 'createConnection', 'createServer'], 'the network');
refuseAll(net.Socket.prototype, ['connect'], 'the network');
refuseAll(net.Server.prototype, ['listen'], 'the network');
refuseAll(tls, ['connect', 'createServer'], 'the network');
refuseAll(dgram, ['createSocket'], 'the network');
refuseAll(dns, ['lookup', 'lookupService', 'resolve', 'resolve4', 'resolve6', 'resolveAny', 'reverse'], 'the network');
refuseAll(dns.Resolver && dns.Resolver.prototype, ['resolve', 'resolve4', 'resolve6', 'resolveAny', 'reverse'], 'the network');
refuseAll(http, ['request', 'get', 'createServer'], 'the network');
refuseAll(https, ['request', 'get', 'createServer'], 'the network');
refuseAll(http2, ['connect', 'createServer', 'createSecureServer'], 'the network');
refuseAll(inspector, ['open', 'url'], 'the debugger');
refuseAll(inspector.Session && inspector.Session.prototype, ['connect', 'connectToMainThread'], 'the debugger');
refuseAll(vm, ['runInThisContext', 'runInNewContext', 'runInContext', 'compileFunction', 'createContext'], 'compiling scripts');
refuseAll(vm.Script && vm.Script.prototype, ['runInThisContext', 'runInNewContext', 'runInContext'], 'compiling scripts');
refuseAll(workerThreads, ['Worker'], 'starting a worker');
proc.binding = realBinding;

// A full collection once loaded, and again whenever a run has been followed by a pause: an idle sandbox keeps
// only what it uses (the snapshot's bytes and the start's garbage otherwise stay resident).
const collect = globalThis.gc || (() => {});
collect();
let idleCollect;
const DANGEROUS = ['process', 'require', 'module', 'exports', '__filename', '__dirname', 'fetch', 'Request', 'Response',
  'Headers', 'FormData', 'WebSocket', 'EventSource', 'XMLHttpRequest', 'Worker', 'SharedWorker', 'BroadcastChannel',
  'localStorage', 'sessionStorage', 'navigator', 'Navigator', 'gc', 'importScripts', 'Deno', 'Bun'];
for (const name of DANGEROUS) {
  try { delete globalThis[name]; } catch {}
  if (name in globalThis) Object.defineProperty(globalThis, name, { value: undefined, writable: false, configurable: false });
}
// Pyodide reports its own failures on the console: a silent one keeps that working without Node's streams.
const silent = () => {};
globalThis.console = Object.freeze({ log: silent, info: silent, warn: silent, error: silent, debug: silent, trace: silent });

const DATA = '/mnt/data';
FS.mkdirTree(DATA);

function walk(dir, found, limit) {
  for (const entry of FS.readdir(dir)) {
    if (entry === '.' || entry === '..' || found.length >= limit) continue;
    const path = dir + '/' + entry;
    const stat = FS.lstat(path);
    if (FS.isDir(stat.mode)) walk(path, found, limit);
    else if (FS.isFile(stat.mode)) found.push({ path, stat });
  }
  return found;
}

function prepareFiles(files) {
  FS.mkdirTree(DATA);
  for (const f of files) FS.writeFile(DATA + '/' + f.name, f.bytes);
  // What the code writes is told apart by its time: everything there before it runs is set to time 0.
  for (const { path } of walk(DATA, [], 10000)) FS.utime(path, 0, 0);
}

function collectFiles(caps) {
  const files = [];
  const skipped = [];
  for (const { path, stat } of walk(DATA, [], 10000)) {
    if (stat.mtime.getTime() === 0) continue;
    const name = path.slice(DATA.length + 1);
    if (stat.size > caps.fileBytes || files.length >= caps.fileCount) skipped.push(name);
    else files.push({ name, bytes: FS.readFile(path) });
  }
  return { files, skipped };
}

proc.on('message', async (message) => {
  if (message.type !== 'run') return;
  clearTimeout(idleCollect);
  stdout.reset(message.caps.outputBytes);
  stderr.reset(message.caps.outputBytes);
  try {
    prepareFiles(message.files);
    const error = runCode(message.code);
    const { files, skipped } = collectFiles(message.caps);
    await send({ type: 'result', id: message.id, error: error ?? null, stdout: stdout.text(), stderr: stderr.text(), files, skipped });
    idleCollect = setTimeout(collect, 1000);
  } catch (error) {
    // Not a Python exception (those come back as text): the interpreter itself broke, so this process leaves.
    const text = error && error.message ? error.message : String(error);
    await send({ type: 'result', id: message.id, error: 'The Python interpreter failed: ' + text, fatal: true, stdout: stdout.text(), stderr: stderr.text(), files: [], skipped: [] });
    leave(1);
  }
});
await send({ type: 'ready' });
`;
