import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeProfile } from '../test/mypage-fixtures';
import { getProfileInitial, ProfileAvatar } from './profile-avatar';

describe('getProfileInitial', () => {
  it('takes the nickname, else the name, else the username', () => {
    expect(getProfileInitial({ nickname: '콘서트러버', name: '홍길동', username: 'fan01' })).toBe(
      '콘',
    );
    expect(getProfileInitial({ nickname: '', name: '홍길동', username: 'fan01' })).toBe('홍');
    expect(getProfileInitial({ nickname: ' ', name: '', username: 'fan01' })).toBe('F');
    expect(getProfileInitial({ nickname: '', name: '', username: '' })).toBe('?');
  });
});

describe('ProfileAvatar', () => {
  it('falls back to the initial when the image fails to load', () => {
    render(
      <ProfileAvatar profile={makeProfile({ profileImage: 'http://localhost/broken.png' })} />,
    );
    fireEvent.error(screen.getByRole('img', { name: '프로필 이미지' }));
    expect(screen.getByRole('img', { name: '기본 프로필 이미지' })).toHaveTextContent('콘');
  });
});
