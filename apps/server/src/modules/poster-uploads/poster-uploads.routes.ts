import {
  concertIdParamsSchema,
  envelopeSchema,
  messageEnvelopeSchema,
  posterDeleteSpecificQuerySchema,
  posterDeleteTempQuerySchema,
  posterRestoreBodySchema,
  posterUploadMessages,
  sellerConcertSchema,
  sellerIdQuerySchema,
} from '@curtaincall/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { guard, requireSeller } from '../../http/guards';
import { readMultipart } from '../../lib/multipart';
import type { PosterUploadsService } from './poster-uploads.service';

/**
 * Poster uploads (api-contract.md §11.3): sellers only (anonymous 401, everyone else 403 S002),
 * each call on the session seller's own concerts and own uploads.
 */
export const posterUploadsRoutes: FastifyPluginAsyncZod<{
  posterUploads: PosterUploadsService;
}> = async (app, { posterUploads }) => {
  app.post(
    '/upload/poster',
    {
      preHandler: guard.seller,
      schema: {
        tags: ['poster-uploads'],
        summary: '포스터 업로드 (multipart: file, 선택 concertId, timestamp)',
        consumes: ['multipart/form-data'],
        // The multipart body is parsed after routing; the service checks it by the contract.
        description:
          'file: JPEG, PNG, WEBP, GIF (파일 내용으로 판별, 10MB 이하, 이름 255자 이하); WEBP로 다시 인코딩되어 메타데이터가 제거되며 GIF는 첫 프레임만 남습니다.',
        response: { 200: envelopeSchema(z.string()) },
      },
    },
    async (request) => {
      const seller = await requireSeller(request);
      const { fields, files } = await readMultipart(request, ['file']);
      const data = await posterUploads.upload(seller, fields, files.file);
      return { success: true as const, message: posterUploadMessages.uploaded, data };
    },
  );

  app.delete(
    '/upload/poster/specific',
    {
      preHandler: guard.seller,
      schema: {
        tags: ['poster-uploads'],
        summary: '콘서트의 업로드한 포스터 삭제 (포스터가 이 파일일 때만 비움)',
        querystring: posterDeleteSpecificQuerySchema,
        response: { 200: messageEnvelopeSchema },
      },
    },
    async (request) => {
      await posterUploads.deleteSpecific(await requireSeller(request), request.query);
      return { success: true as const, message: posterUploadMessages.deleted };
    },
  );

  app.delete(
    '/upload/temp',
    {
      preHandler: guard.seller,
      schema: {
        tags: ['poster-uploads'],
        summary: '저장하지 않은 업로드 파일 삭제 (업로드한 판매자만)',
        querystring: posterDeleteTempQuerySchema,
        response: { 200: messageEnvelopeSchema },
      },
    },
    async (request) => {
      await posterUploads.deleteTemp(await requireSeller(request), request.query);
      return { success: true as const, message: posterUploadMessages.deleted };
    },
  );

  app.patch(
    '/upload/poster/:concertId/restore',
    {
      preHandler: guard.seller,
      schema: {
        tags: ['poster-uploads'],
        summary: '원본 포스터로 복구',
        params: concertIdParamsSchema,
        querystring: sellerIdQuerySchema,
        body: posterRestoreBodySchema,
        response: { 200: envelopeSchema(sellerConcertSchema) },
      },
    },
    async (request) => {
      const data = await posterUploads.restore(
        await requireSeller(request),
        request.query.sellerId,
        request.params.concertId,
        request.body.originalUrl,
      );
      return { success: true as const, message: posterUploadMessages.restored, data };
    },
  );
};
