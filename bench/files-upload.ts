import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { openAsBlob, rmSync } from 'node:fs';
import { API, type FileRecord, type UploadResponse } from '@parley/shared';
import type { DialectName } from '../packages/server/src/db/database';
import { registerOverHttp } from '../packages/server/test/http-user.test-helpers';
import { startServer } from '@parley/server/testing';
import { PG_URL, dropSchema, pgAdmin } from './lib/databases';
import { noisePngs, type NoiseImage } from './lib/noise-images';
import { procCpuMs, procStatusMb, sampleRss } from './lib/rss-sampler';
import { ms, progress, type BenchResult } from './lib/stats';

// 200 distinct ~2 MB PNGs uploaded at once to a server process (local storage), and the server's peak memory
// meanwhile, sampled every 50 ms. Budget: peak RSS < 500 MB. The server idles at about 280 MB (every provider
// SDK loaded); an upload path that held each request whole would add 200 × 2 MB = 400 MB, more with copies, and
// pass 680 MB, while one that streams each file to disk and decodes a few images at a time (libuv's pool) stays
// within a bounded margin of its idle size whatever the count: the margin left covers 200 open sockets' buffers,
// libvips' cache and allocator slack. Nothing may be lost: every upload must answer 201, be listed once and
// download byte-identical, or the bench throws (an ERROR line and exit code 1).

const COUNT = Number(process.env.BENCH_UPLOADS ?? 200);
const SIDE = 820; // RGB noise: 820 × 820 × 3 ≈ 2 MB as PNG
const BUDGET_MB = 500;

let imagesOnce: Promise<NoiseImage[]> | undefined;

/** Made once per run (not timed) and shared by both dialects; removed when the process exits. */
function benchImages(): Promise<NoiseImage[]> {
  imagesOnce ??= noisePngs(COUNT, SIDE).then(({ dir, images }) => {
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    return images;
  });
  return imagesOnce;
}

/** One upload as the web sends it: fields first, then the file streamed from disk. */
async function upload(base: string, token: string, image: NoiseImage): Promise<UploadResponse> {
  const form = new FormData();
  const tempId = randomUUID();
  form.append('endpoint', 'openAI');
  form.append('file_id', tempId);
  form.append('width', String(image.width));
  form.append('height', String(image.height));
  form.append('file', await openAsBlob(image.path, { type: 'image/png' }), encodeURIComponent(image.name));
  const res = await fetch(`${base}${API.filesImages}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const text = await res.text();
  if (res.status !== 201) throw new Error(`${image.name}: ${res.status} ${text.slice(0, 200)}`);
  const body = JSON.parse(text) as UploadResponse;
  const wrong =
    body.temp_file_id !== tempId ||
    body.bytes !== image.bytes ||
    body.type !== 'image/png' ||
    body.width !== image.width ||
    body.height !== image.height;
  if (wrong) throw new Error(`${image.name}: unexpected answer ${text.slice(0, 300)}`);
  return body;
}

/** Every upload listed once and downloading byte-identical; answers the problems found. */
async function verify(base: string, token: string, stored: Map<string, NoiseImage>): Promise<string[]> {
  const auth = { authorization: `Bearer ${token}` };
  const list = (await (await fetch(`${base}${API.files}`, { headers: auth })).json()) as FileRecord[];
  const problems: string[] = [];
  if (list.length !== stored.size)
    problems.push(`GET ${API.files} lists ${list.length}, expected ${stored.size}`);
  const listed = new Set(list.map((f) => f.file_id));
  const ids = [...stored.keys()];
  for (const id of ids) if (!listed.has(id)) problems.push(`${stored.get(id)!.name} is not listed`);
  for (let i = 0; i < ids.length; i += 16) {
    await Promise.all(
      ids.slice(i, i + 16).map(async (id) => {
        const res = await fetch(`${base}${API.filesDownload}/${id}`, { headers: auth });
        const body = Buffer.from(await res.arrayBuffer());
        const hash = createHash('sha256').update(body).digest('hex');
        if (res.status !== 200 || hash !== stored.get(id)!.sha256) {
          problems.push(
            `${stored.get(id)!.name}: download ${res.status}, ${body.length} bytes, content differs`,
          );
        }
      }),
    );
  }
  return problems;
}

export async function filesUpload(dialect: DialectName): Promise<BenchResult> {
  const images = await benchImages();
  const schema = `bench_files_${randomBytes(4).toString('hex')}`;
  const env: Record<string, string> = {
    FILE_UPLOAD_USER_MAX: String(COUNT * 10),
    FILE_UPLOAD_IP_MAX: String(COUNT * 10),
    OPENAI_API_KEY: 'sk-bench',
    // Given, so the server does not generate them (and log a warning into the results).
    JWT_SECRET: randomBytes(32).toString('hex'),
    JWT_REFRESH_SECRET: randomBytes(32).toString('hex'),
    CREDS_KEY: randomBytes(32).toString('hex'),
    CREDS_IV: randomBytes(16).toString('hex'),
  };
  if (dialect === 'postgres') {
    await pgAdmin((c) => c.query(`CREATE SCHEMA ${schema}`));
    env.DATABASE_URL = `${PG_URL}?options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  }
  const server = await startServer(env);
  try {
    const token = await registerOverHttp(server.baseUrl, 'bench');
    const baselineMb = procStatusMb(server.pid, 'VmRSS');
    const totalMb = images.reduce((sum, i) => sum + i.bytes, 0) / 1024 / 1024;
    progress(
      `${dialect}: ${COUNT} PNGs (${totalMb.toFixed(0)} MB) uploaded at once; server RSS ${baselineMb.toFixed(0)} MB`,
    );
    const cpuBefore = procCpuMs(server.pid);
    const rss = sampleRss(server.pid, 50);
    const start = performance.now();
    const results = await Promise.allSettled(images.map((image) => upload(server.baseUrl, token, image)));
    const wall = performance.now() - start;
    const { peakMb, samples } = rss.stop();
    const hwmMb = procStatusMb(server.pid, 'VmHWM');
    const cpuMs = procCpuMs(server.pid) - cpuBefore;

    const failures = results.flatMap((r) =>
      r.status === 'rejected' ? [String((r.reason as Error).message)] : [],
    );
    const stored = new Map<string, NoiseImage>();
    results.forEach((r, i) => r.status === 'fulfilled' && stored.set(r.value.file_id, images[i]!));
    const problems = [...failures, ...(await verify(server.baseUrl, token, stored))];
    if (problems.length > 0) {
      throw new Error(
        `FAIL: ${failures.length} of ${COUNT} uploads failed; ${problems.length} problems: ${problems.slice(0, 3).join('; ')}`,
      );
    }
    return {
      name: `files-upload/${dialect}`,
      figure: peakMb,
      unit: 'MB peak RSS',
      budget: BUDGET_MB,
      context:
        `${COUNT} distinct PNGs of ${(totalMb / COUNT).toFixed(2)} MB (${totalMb.toFixed(0)} MB) sent at once: ` +
        `${((COUNT * 1000) / wall).toFixed(1)} files/s (${(totalMb / (wall / 1000)).toFixed(1)} MB/s), all in ${ms(wall)} ms; ` +
        `none lost: ${stored.size} answered 201, listed and downloaded byte-identical; ` +
        `server RSS ${baselineMb.toFixed(0)} MB before, peak ${peakMb.toFixed(0)} MB (+${(peakMb - baselineMb).toFixed(0)}) ` +
        `over ${samples} samples every 50 ms, VmHWM ${hwmMb.toFixed(0)} MB; ` +
        `server CPU ${ms(cpuMs / COUNT)} ms per upload; local storage, server in a child process, 2 cores`,
    };
  } finally {
    await server.stop();
    if (dialect === 'postgres') await dropSchema(schema);
  }
}
