import type { FastifyInstance } from 'fastify';
import { API, IMAGE_MIME_TYPES } from '@parley/shared';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../lib/app-error';
import { authUser } from '../auth/auth.guard';
import { UPLOAD_MESSAGES } from './files.messages';
import { findUserFile } from './files.repository';
import { storageForSource } from './storage/storage-for-source';

/**
 * GET /api/files/download/:file_id: the owner's file, streamed from storage; anyone else's or an absent one is
 * 404. Served as inert data: its sniffed type, no MIME sniffing, a sandboxing CSP, and downloaded rather than
 * shown unless it is one of the accepted image types.
 */
export function downloadRoute(app: FastifyInstance, deps: AppDeps): void {
  app.get<{ Params: { file_id: string } }>(`${API.filesDownload}/:file_id`, async (request, reply) => {
    const row = await findUserFile(deps.database.db, authUser(request).id, request.params.file_id);
    const storage = row ? await storageForSource(deps, row.source) : null;
    const object = row && storage ? await storage.get(row.storage_key) : null;
    if (!row || !object) throw new AppError('NOT_FOUND', UPLOAD_MESSAGES.notFound);
    const inline = (IMAGE_MIME_TYPES as readonly string[]).includes(row.type);
    reply
      .header('content-type', row.type.startsWith('text/') ? `${row.type}; charset=utf-8` : row.type)
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', contentDisposition(inline ? 'inline' : 'attachment', row.filename))
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cache-control', 'private, max-age=3600')
      .header('vary', 'Authorization');
    if (object.bytes !== null) reply.header('content-length', String(object.bytes));
    return reply.send(object.body);
  });
}

/** RFC 6266: an ASCII fallback name and the exact name as UTF-8 (RFC 8187). */
export function contentDisposition(kind: 'inline' | 'attachment', filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  const exact = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${exact}`;
}
