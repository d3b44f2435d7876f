import type { MailMessage } from '../../adapters/mailer/mailer';

/** The Korean account mails. Plain text: one link per mail, nothing a mail client must render. */
const signature = '\n\n커튼콜 드림\n(이 메일은 발신 전용입니다.)';

export function verificationMail(input: {
  to: string;
  username: string;
  link: string;
  validHours: number;
}): MailMessage {
  return {
    to: input.to,
    subject: '[커튼콜] 이메일 인증을 완료해주세요',
    text:
      `${input.username}님, 커튼콜에 가입해주셔서 감사합니다.\n\n` +
      `아래 링크를 눌러 이메일 인증을 완료해주세요. 링크는 ${input.validHours}시간 동안 한 번만 사용할 수 있습니다.\n\n` +
      `${input.link}\n\n` +
      '본인이 가입하지 않았다면 링크를 누르지 말고 이 메일을 무시해주세요.' +
      signature,
  };
}

export function emailChangeMail(input: {
  to: string;
  username: string;
  link: string;
  validHours: number;
}): MailMessage {
  return {
    to: input.to,
    subject: '[커튼콜] 새 이메일 주소를 인증해주세요',
    text:
      `${input.username}님, 커튼콜 계정의 이메일 주소를 이 주소로 바꾸려면 아래 링크를 눌러주세요. ` +
      `링크는 ${input.validHours}시간 동안 한 번만 사용할 수 있습니다.\n\n` +
      `${input.link}\n\n` +
      '본인이 요청하지 않았다면 링크를 누르지 말고 이 메일을 무시해주세요.' +
      signature,
  };
}

/** To the old address once the change is done, so a change the owner did not make is noticed. */
export function emailChangedNoticeMail(input: {
  to: string;
  username: string;
  newEmail: string;
  findPasswordLink: string;
}): MailMessage {
  return {
    to: input.to,
    subject: '[커튼콜] 계정 이메일 주소가 변경되었습니다',
    text:
      `${input.username}님, 커튼콜 계정의 이메일 주소가 ${input.newEmail}(으)로 변경되었습니다.\n\n` +
      '본인이 변경하지 않았다면 비밀번호를 바꾸고 고객센터에 알려주세요.\n' +
      `${input.findPasswordLink}` +
      signature,
  };
}

export function usernameMail(input: {
  to: string;
  usernames: string[];
  loginLink: string;
}): MailMessage {
  return {
    to: input.to,
    subject: '[커튼콜] 아이디 안내',
    text:
      '요청하신 아이디 찾기 결과입니다. 이 이메일로 가입된 아이디는 다음과 같습니다.\n\n' +
      `${input.usernames.map((u) => `- ${u}`).join('\n')}\n\n` +
      `로그인: ${input.loginLink}\n\n` +
      '본인이 요청하지 않았다면 이 메일을 무시해주세요.' +
      signature,
  };
}

export function passwordResetMail(input: {
  to: string;
  username: string;
  link: string;
  validMinutes: number;
}): MailMessage {
  return {
    to: input.to,
    subject: '[커튼콜] 비밀번호 재설정 안내',
    text:
      `${input.username}님, 아래 링크에서 새 비밀번호를 설정해주세요. ` +
      `링크는 ${input.validMinutes}분 동안 한 번만 사용할 수 있습니다. ` +
      '비밀번호를 바꾸면 다른 모든 기기에서 로그아웃됩니다.\n\n' +
      `${input.link}\n\n` +
      '본인이 요청하지 않았다면 이 메일을 무시해주세요. 비밀번호는 바뀌지 않습니다.' +
      signature,
  };
}
