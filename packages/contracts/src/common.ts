import { z } from 'zod';
import './zod-setup';
import type { ErrorCode, FieldError } from './errors';

/** The success envelope (api-contract.md §1.3): `data` is omitted when null. */
export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({
    success: z.literal(true),
    message: z.string().optional(),
    data: data.optional(),
  });
}

export const messageEnvelopeSchema = z.object({
  success: z.literal(true),
  message: z.string().optional(),
});

export const errorEnvelopeSchema = z.object({
  success: z.literal(false),
  status: z.number().int(),
  code: z.string() as z.ZodType<ErrorCode>,
  message: z.string(),
  errors: z
    .array(z.object({ field: z.string(), message: z.string() }) as z.ZodType<FieldError>)
    .optional(),
});

/** A page object inside `data` (api-contract.md §1.6). */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    content: z.array(item),
    number: z.number().int(),
    size: z.number().int(),
    totalElements: z.number().int(),
    totalPages: z.number().int(),
    first: z.boolean(),
    last: z.boolean(),
    numberOfElements: z.number().int(),
    empty: z.boolean(),
  });
}
export interface Page<T> {
  content: T[];
  number: number;
  size: number;
  totalElements: number;
  totalPages: number;
  first: boolean;
  last: boolean;
  numberOfElements: number;
  empty: boolean;
}

/** Wire formats (api-contract.md §1.5). */
export const dateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '날짜 형식이 올바르지 않습니다.');
export const timeSchema = z.string().regex(/^\d{2}:\d{2}:\d{2}$/);
export const dateTimeSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
