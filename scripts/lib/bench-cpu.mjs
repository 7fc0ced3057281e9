// CPU time of the Worker for `npm run bench`: the CPU the workerd process that runs the Worker
// spends per request, read from /proc (Linux only; elsewhere the figures are n/a).
//
// Which process: `wrangler dev` starts two workerd processes, both children of wrangler's node process.
// The one listening on the portal's port is a proxy that forwards each request to the other, which runs
// the Worker (and Miniflare's D1, KV, R2 and queues beside it). The bench finds the listener (the workerd
// holding a LISTEN socket on the port: /proc/net/tcp{,6} inode -> /proc/<pid>/fd), then takes the other
// workerd child of the same parent (the same process group when the parent differs). Only when that
// leaves several candidates does CPU decide: the one whose CPU grew most while the portal served a
// warm-up of requests. A wrangler that ran everything in the one listening process would leave no
// candidate, and the listener itself is measured. No workerd on the port (a remote --target, another
// server, not Linux): n/a.
//
// Pure parsers (parseProcStat, listeningInodes, pickRuntime) are separate from the /proc reads so the unit
// tests (tests/unit/bench-cpu.test.ts) can feed them text.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, readlinkSync } from 'node:fs';

/**
 * One /proc/<pid>/stat line: pid, command name (in parentheses, may hold spaces and parentheses), parent,
 * process group and the CPU spent in user and kernel mode, in clock ticks (fields 14 and 15 of proc(5)).
 */
export function parseProcStat(text) {
  const open = text.indexOf('(');
  const close = text.lastIndexOf(')');
  if (open < 0 || close < open) throw new Error(`not a /proc/<pid>/stat line: ${text.slice(0, 80)}`);
  const rest = text.slice(close + 2).trim().split(/\s+/); // rest[0] is field 3 (state)
  const num = (i) => Number(rest[i]);
  return { pid: Number(text.slice(0, open).trim()), comm: text.slice(open + 1, close), ppid: num(1), pgrp: num(2), utime: num(11), stime: num(12) };
}

/** Inodes of the sockets listening on `port` (any local address) in a /proc/net/tcp or tcp6 table. */
export function listeningInodes(table, port) {
  const inodes = new Set();
  for (const line of table.split('\n').slice(1)) {
    const f = line.trim().split(/\s+/);
    if (f.length < 10) continue;
    const localPort = parseInt(f[1].split(':').at(-1), 16);
    if (localPort === port && f[3] === '0A') inodes.add(f[9]); // 0A = TCP_LISTEN
  }
  return inodes;
}

/**
 * The process that runs the Worker among `procs` ({ pid, comm, ppid, pgrp }[]), given the pid of the
 * workerd listening on the portal port; `growth` (pid -> CPU ticks over a warm-up) breaks a tie.
 * Returns { pid, how } or null when there is no workerd listener.
 */
export function pickRuntime(procs, listenerPid, growth = new Map()) {
  const listener = procs.find((p) => p.pid === listenerPid);
  if (!listener) return null;
  const others = procs.filter((p) => p.comm === 'workerd' && p.pid !== listener.pid);
  let candidates = others.filter((p) => p.ppid === listener.ppid);
  let how = "the other workerd child of the listener's parent";
  if (!candidates.length) {
    candidates = others.filter((p) => p.pgrp === listener.pgrp);
    how = "the other workerd in the listener's process group";
  }
  if (!candidates.length) return { pid: listener.pid, how: 'the listening workerd itself (no other workerd beside it)' };
  if (candidates.length === 1) return { pid: candidates[0].pid, how };
  const busiest = [...candidates].sort((a, b) => (growth.get(b.pid) ?? 0) - (growth.get(a.pid) ?? 0))[0];
  return { pid: busiest.pid, how: `${how}, busiest of ${candidates.length} during the warm-up` };
}

/** CPU ms per request from two tick readings over `requests` requests. */
export function cpuMsPerRequest(before, after, requests, hz) {
  return ((after - before) * 1000) / hz / requests;
}

// /proc reads ----------------------------------------------------------------------------------------

export const procAvailable = () => process.platform === 'linux' && existsSync('/proc/self/stat');

let hz;
/** Clock ticks per second (getconf CLK_TCK; 100 on every usual Linux). */
export function clockTicks() {
  if (hz === undefined) {
    try {
      hz = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      hz = 100;
    }
  }
  return hz;
}

function readStat(pid) {
  try {
    return parseProcStat(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return undefined; // gone, or not ours to read
  }
}

/** utime + stime of `pid` in clock ticks (NaN once the process is gone). */
export function cpuTicks(pid) {
  const s = readStat(pid);
  return s ? s.utime + s.stime : NaN;
}

/** Every workerd process this user can see. */
export function workerdProcesses() {
  return readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map(readStat)
    .filter((s) => s?.comm === 'workerd');
}

/** The pid among `procs` holding a socket that listens on `port`, or undefined. */
export function listenerOf(procs, port) {
  const inodes = new Set();
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    if (existsSync(file)) for (const i of listeningInodes(readFileSync(file, 'utf8'), port)) inodes.add(`socket:[${i}]`);
  }
  if (!inodes.size) return undefined;
  for (const p of procs) {
    let fds = [];
    try {
      fds = readdirSync(`/proc/${p.pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        if (inodes.has(readlinkSync(`/proc/${p.pid}/fd/${fd}`))) return p.pid;
      } catch {
        /* closed meanwhile */
      }
    }
  }
  return undefined;
}

/**
 * Finds the workerd that runs the Worker behind `port`. `warmUp` is awaited between two CPU readings of
 * every candidate (it should send requests); returns { pid, listener, how } or null (with `why`).
 */
export async function findRuntime(port, warmUp) {
  if (!procAvailable()) return { pid: null, why: 'no /proc (not Linux)' };
  const procs = workerdProcesses();
  const listener = listenerOf(procs, port);
  if (!listener) return { pid: null, why: `no workerd of this user listens on port ${port}` };
  const before = new Map(procs.map((p) => [p.pid, cpuTicks(p.pid)]));
  await warmUp();
  const growth = new Map(procs.map((p) => [p.pid, cpuTicks(p.pid) - before.get(p.pid)]));
  const pick = pickRuntime(procs, listener, growth);
  return { ...pick, listener };
}
