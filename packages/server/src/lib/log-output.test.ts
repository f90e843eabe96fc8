import { hostname } from 'node:os';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogOutput } from './log-output';

/**
 * A stream standing for a pipe whose reader stopped: each write is taken but not finished until the test lets
 * it, so what follows waits in the stream's buffer (its writableLength), as behind a full pipe.
 */
function stalledSink() {
  const written: string[] = [];
  const unfinished: ((error?: Error) => void)[] = [];
  const sink = new Writable({
    highWaterMark: 16,
    write(chunk: Buffer, _encoding, done) {
      written.push(chunk.toString('utf8'));
      unfinished.push(done);
    },
  });
  return {
    sink,
    written,
    /** The reader catches up: every write finishes, the buffered ones included, until nothing waits. */
    async catchUp() {
      while (unfinished.length > 0) {
        unfinished.shift()!();
        await new Promise((resolve) => setImmediate(resolve));
      }
    },
    /** The reader is gone: the write in progress fails as it does with EPIPE. */
    async breakPipe() {
      const error = Object.assign(new Error('write EPIPE'), { code: 'EPIPE' });
      unfinished.shift()!(error);
      await new Promise((resolve) => setImmediate(resolve));
    },
  };
}

const line = (n: number) => `{"msg":"line ${n}"}\n`; // 17 bytes each

describe('log output', () => {
  it('holds lines while the reader stalls, drops them past the limit, then says once how many were lost', async () => {
    const { sink, written, catchUp } = stalledSink();
    const output = createLogOutput({ sink, backlogLimit: 50, now: () => 1_700_000_000_000 });

    // 0, 17, 34 bytes waiting: taken. 51 waiting: the next three are dropped.
    for (let n = 1; n <= 6; n++) output.write(line(n));
    expect(written).toEqual([line(1)]);
    expect(sink.writableLength).toBe(51);

    await catchUp();
    const notice = {
      level: 40,
      time: 1_700_000_000_000,
      pid: process.pid,
      hostname: hostname(),
      msg: '3 log lines dropped while the log output was blocked',
    };
    expect(written).toEqual([line(1), line(2), line(3), `${JSON.stringify(notice)}\n`]);

    // Counting starts again: the next stall's notice counts only its own lines, and a stall that dropped
    // nothing says nothing.
    for (let n = 7; n <= 10; n++) output.write(line(n));
    await catchUp();
    expect(written.slice(4)).toEqual([
      line(7),
      line(8),
      line(9),
      `${JSON.stringify({ ...notice, msg: '1 log line dropped while the log output was blocked' })}\n`,
    ]);
    output.write(line(11));
    output.write(line(12));
    await catchUp();
    expect(written.slice(8)).toEqual([line(11), line(12)]);
  });

  it('stops logging, without an error, once the reader is gone (EPIPE)', async () => {
    const { sink, written, breakPipe } = stalledSink();
    const output = createLogOutput({ sink, backlogLimit: 50 });
    output.write(line(1));
    output.write(line(2));
    await breakPipe();
    expect(sink.destroyed).toBe(true);
    // A write to the destroyed stream would raise another error; the output no longer tries.
    output.write(line(3));
    expect(written).toEqual([line(1)]);
  });
});
