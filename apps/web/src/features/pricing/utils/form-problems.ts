import type { FieldError } from '@curtaincall/contracts';
import type { z } from 'zod';

/**
 * The problems of a 권종 or 할인 코드 form by field, from the contract schema's issues before
 * sending or the server's `errors[]` after: both name array items in brackets
 * (`gradeKeys[1]`), so one mapping serves both and a message reads the same either way.
 */
export interface FormProblems<F extends string> {
  /** The first message of each field of the form. */
  errors: Partial<Record<F, string>>;
  /** Which chosen grades (`gradeKeys[i]`) a problem names, to mark those checkboxes. */
  gradeIndexes: number[];
  /** Messages about no field of the form. */
  rest: string[];
}

export function noProblems<F extends string>(): FormProblems<F> {
  return { errors: {}, gradeIndexes: [], rest: [] };
}

export function hasProblems<F extends string>(problems: FormProblems<F>): boolean {
  return Object.keys(problems.errors).length > 0 || problems.rest.length > 0;
}

/** A zod issue's path in the server's notation: ['gradeKeys', 1] -> 'gradeKeys[1]'. */
export function issueField(path: readonly PropertyKey[]): string {
  return path
    .map((part, index) =>
      typeof part === 'number' ? `[${part}]` : `${index === 0 ? '' : '.'}${String(part)}`,
    )
    .join('');
}

/** A schema's issues as the envelope's `errors[]`. */
export function issuesAsFieldErrors(issues: readonly z.core.$ZodIssue[]): FieldError[] {
  return issues.map((issue) => ({ field: issueField(issue.path), message: issue.message }));
}

/** 'gradeKeys[1]' -> { name: 'gradeKeys', index: 1 }; 'discountValue' -> index null. */
function splitField(field: string): { name: string; index: number | null } {
  const match = /^([A-Za-z]+)(?:\[(\d+)\])?/.exec(field);
  if (!match) return { name: field, index: null };
  return { name: match[1] ?? field, index: match[2] === undefined ? null : Number(match[2]) };
}

export function problemsByField<F extends string>(
  fieldErrors: readonly FieldError[],
  fields: readonly F[],
): FormProblems<F> {
  const problems = noProblems<F>();
  for (const { field, message } of fieldErrors) {
    const { name, index } = splitField(field);
    const known = fields.find((candidate) => candidate === name);
    if (!known) {
      problems.rest.push(message);
      continue;
    }
    problems.errors[known] ??= message;
    if (known === 'gradeKeys' && index !== null) problems.gradeIndexes.push(index);
  }
  return problems;
}
