import { applicantInfoSchema, type ApplicantInfo } from '@curtaincall/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export const applicantInfoQueryKey = ['seller', 'applicant-info'] as const;

/** `GET /users/me/applicant-info`: the name and phone the same-as-applicant checkbox copies. */
export function getApplicantInfo(signal?: AbortSignal): Promise<ApplicantInfo> {
  return apiFetch('/users/me/applicant-info', applicantInfoSchema, { signal });
}

export function useApplicantInfo() {
  return useQuery(
    queryOptions({
      queryKey: applicantInfoQueryKey,
      queryFn: ({ signal }) => getApplicantInfo(signal),
    }),
  );
}
