// Passage vectors as stored: float32, little-endian, in a blob (SQLite) or bytea (PostgreSQL).

export function encodeVector(vector: Float32Array): Buffer {
  const out = Buffer.allocUnsafe(vector.length * 4);
  for (let i = 0; i < vector.length; i += 1) out.writeFloatLE(vector[i]!, i * 4);
  return out;
}

export function decodeVector(bytes: Uint8Array): Float32Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out = new Float32Array(Math.floor(bytes.byteLength / 4));
  for (let i = 0; i < out.length; i += 1) out[i] = view.getFloat32(i * 4, true);
  return out;
}

/** The vector scaled to length 1 (so a dot product is the cosine), or undefined for a zero or non-finite one. */
export function unitVector(values: ArrayLike<number>): Float32Array | undefined {
  let norm = 0;
  for (let i = 0; i < values.length; i += 1) norm += values[i]! * values[i]!;
  norm = Math.sqrt(norm);
  if (!Number.isFinite(norm) || norm === 0) return undefined;
  const out = new Float32Array(values.length);
  for (let i = 0; i < values.length; i += 1) out[i] = values[i]! / norm;
  return out;
}

export function dot(a: Float32Array, b: Float32Array): number {
  const n = Math.min(a.length, b.length);
  let sum = 0;
  for (let i = 0; i < n; i += 1) sum += a[i]! * b[i]!;
  return sum;
}
