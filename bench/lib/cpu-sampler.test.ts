import { describe, expect, it } from 'vitest';
import { busiestWindow, readMachineCpu, type CpuSample } from './cpu-sampler';

const sample = (at: number, machineBusyMs: number, machineTotalMs: number, serversMs: number): CpuSample => ({
  at,
  machineBusyMs,
  machineTotalMs,
  serversMs,
});

describe('readMachineCpu', () => {
  it('counts idle and iowait as idle and the rest as busy, in ms', () => {
    const stat = 'cpu  100 5 20 300 7 1 2 3 40 0\ncpu0 50 2 10 150 3 0 1 1 20 0\n';
    // total = 100+5+20+300+7+1+2+3 = 438 ticks (guest 40 is inside user); idle = 307
    expect(readMachineCpu(stat)).toEqual({ busyMs: 1310, totalMs: 4380 });
  });
});

describe('busiestWindow', () => {
  it('finds the busiest stretch of at least the window and the servers’ cores over it', () => {
    // Two cores: 200 ms of total CPU time per 100 ms of wall time.
    const samples = [
      sample(0, 0, 0, 0),
      sample(100, 40, 200, 20),
      sample(200, 80, 400, 40),
      sample(300, 260, 600, 130), // 100..300: 220 of 400 busy; 200..300 alone is below the window
      sample(400, 440, 800, 220), // 200..400: 360 of 400 busy, the servers 180 ms in 200 ms
      sample(500, 460, 1000, 225),
    ];
    expect(busiestWindow(samples, 200)).toEqual({
      machineBusy: 0.9,
      serverCores: 0.9,
      fromMs: 200,
      toMs: 400,
    });
  });

  it('is undefined when the samples span less than the window', () => {
    expect(busiestWindow([sample(0, 0, 0, 0), sample(100, 10, 200, 5)], 1_000)).toBeUndefined();
  });
});
