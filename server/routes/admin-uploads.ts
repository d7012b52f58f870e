import { Readable } from 'node:stream';
import { HttpError } from '../errors.ts';
import { defineRoutes, principalOf } from './types.ts';

/** Files for the catalogue, streamed to the media storage; the policy lets platform admins alone through. */
export default defineRoutes('admin-uploads', ({ uploads, mediaUrls }) => {
  return {
    async adminUploadFile(request, reply) {
      const body: unknown = request.body;
      if (!(body instanceof Readable)) throw new HttpError(400, 'BAD_REQUEST', 'body is required');
      const { user } = principalOf(request);
      const upload = await uploads.upload(user, request.query.kind, request.query.fileName, body);
      reply.code(201);
      // A paid file opens only at a signed address: the admin's own, to check what they sent.
      return { ...upload, previewUrl: upload.kind === 'poster' ? upload.url : mediaUrls.sign(upload.url, user.id) };
    },
  };
});
