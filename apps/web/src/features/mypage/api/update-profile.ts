import {
  mypageMessages,
  profileSchema,
  type Profile,
  type ProfileUpdateBody,
} from '@curtaincall/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest, invalidResponseMessage } from '@/lib/api-client';
import { profileQueryKey } from './get-profile';

export interface UpdateProfileRequest {
  body: ProfileUpdateBody;
  /** Sent only when the user picked a new image; without one the server keeps the current image. */
  profileImage: File | null;
}

export interface UpdateProfileResult {
  profile: Profile;
  message: string;
}

/** `POST /mypage/profile` (multipart). Resolves to the updated profile and the server's message. */
export async function updateProfile({
  body,
  profileImage,
}: UpdateProfileRequest): Promise<UpdateProfileResult> {
  const formData = new FormData();
  formData.set('name', body.name);
  formData.set('nickname', body.nickname);
  formData.set('phone', body.phone);
  formData.set('address', body.address);
  if (profileImage) formData.set('profileImage', profileImage);

  const { data, message } = await apiRequest('/mypage/profile', {
    method: 'POST',
    body: formData,
  });
  const parsed = profileSchema.safeParse(data);
  if (!parsed.success) {
    console.error(
      '[api] /mypage/profile: response does not match the contract',
      parsed.error.issues,
    );
    throw new ApiError({ status: 200, message: invalidResponseMessage });
  }
  return { profile: parsed.data, message: message ?? mypageMessages.profileUpdated };
}

/** Saves the profile and puts the server's answer straight into the profile query. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: ({ profile }) => queryClient.setQueryData(profileQueryKey, profile),
  });
}
