import { describe, expect, it } from 'vitest';
import { cpuMsPerRequest, listeningInodes, parseProcStat, pickRuntime } from '../../scripts/lib/bench-cpu.mjs';

// A /proc/<pid>/stat line as Linux writes it, with utime (field 14) and stime (field 15) set.
const stat = (pid: number, comm: string, ppid: number, pgrp: number, utime: number, stime: number) =>
  `${pid} (${comm}) S ${ppid} ${pgrp} 8335 0 -1 4194304 101 0 0 0 ${utime} ${stime} 0 0 20 0 1 0 1272664 3133440 358 18446744073709551615 0`;

describe('reading /proc/<pid>/stat', () => {
  it('reads the parent, the process group and the user and kernel CPU ticks', () => {
    expect(parseProcStat(stat(4242, 'workerd', 4200, 4100, 731, 69))).toEqual({ pid: 4242, comm: 'workerd', ppid: 4200, pgrp: 4100, utime: 731, stime: 69 });
  });

  it('keeps a command name that holds spaces and parentheses', () => {
    const s = parseProcStat(stat(7, 'odd) (name', 1, 7, 5, 6));
    expect(s).toMatchObject({ comm: 'odd) (name', ppid: 1, utime: 5, stime: 6 });
  });

  it('refuses text that is not a stat line', () => {
    expect(() => parseProcStat('no parentheses here')).toThrow(/not a \/proc/);
  });

  it('turns ticks over n requests into ms per request', () => {
    expect(cpuMsPerRequest(1000, 1250, 100, 100)).toBe(25); // 250 ticks = 2.5 s over 100 requests
    expect(cpuMsPerRequest(10, 10, 50, 100)).toBe(0);
  });
});

describe('finding the socket that listens on the portal port', () => {
  const table = [
    '  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode',
    '   0: 0100007F:2268 00000000:0000 0A 00000000:00000000 00:00000000 00000000  1000        0 602314 1 0000 100 0 0 10 0',
    '   1: 0100007F:2268 0100007F:C350 01 00000000:00000000 00:00000000 00000000  1000        0 602999 1 0000 20 4 30 10 -1',
    '   2: 0100007F:2269 00000000:0000 0A 00000000:00000000 00:00000000 00000000  1000        0 600947 1 0000 100 0 0 10 0',
  ].join('\n');

  it('takes listening sockets on that port only, not its open connections or other ports', () => {
    expect([...listeningInodes(table, 8808)]).toEqual(['602314']);
    expect([...listeningInodes(table, 8809)]).toEqual(['600947']);
    expect(listeningInodes(table, 8810).size).toBe(0);
  });
});

describe('picking the workerd that runs the Worker', () => {
  const wrangler = 500;
  const proxy = { pid: 510, comm: 'workerd', ppid: wrangler, pgrp: 400 };
  const runtime = { pid: 520, comm: 'workerd', ppid: wrangler, pgrp: 400 };
  const otherPortal = { pid: 910, comm: 'workerd', ppid: 900, pgrp: 800 };

  it("takes the other workerd child of the listener's parent, not another portal's busier one", () => {
    const growth = new Map([[otherPortal.pid, 900], [runtime.pid, 40], [proxy.pid, 10]]);
    expect(pickRuntime([otherPortal, proxy, runtime], proxy.pid, growth)).toMatchObject({ pid: runtime.pid });
  });

  it('falls back to the process group when the runtime has another parent', () => {
    const nested = { ...runtime, ppid: 515 };
    expect(pickRuntime([proxy, nested, otherPortal], proxy.pid)).toMatchObject({ pid: nested.pid, how: expect.stringMatching(/process group/) });
  });

  it('lets the CPU grown during the warm-up decide between several candidates', () => {
    const idle = { pid: 530, comm: 'workerd', ppid: wrangler, pgrp: 400 };
    const growth = new Map([[idle.pid, 0], [runtime.pid, 75], [proxy.pid, 12]]);
    expect(pickRuntime([proxy, idle, runtime], proxy.pid, growth)).toMatchObject({ pid: runtime.pid, how: expect.stringMatching(/busiest of 2/) });
  });

  it('measures the listener itself when it is the only workerd', () => {
    expect(pickRuntime([proxy, otherPortal], proxy.pid)).toMatchObject({ pid: proxy.pid });
  });

  it('finds nothing when no workerd listens on the port', () => {
    expect(pickRuntime([proxy, runtime], 12345)).toBeNull();
  });

  it('ignores processes that are not workerd', () => {
    const node = { pid: 540, comm: 'node', ppid: wrangler, pgrp: 400 };
    expect(pickRuntime([proxy, node, runtime], proxy.pid)).toMatchObject({ pid: runtime.pid });
  });
});
