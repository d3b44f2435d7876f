/**
 * '으로' or '로' after a word, by how its last syllable is read: a vowel or ㄹ ending takes '로'
 * ('스탠딩 존으로', 'VIP석으로', '일반 좌석 R로' as R reads 알). Latin letters and digits are
 * read the Korean way (M 엠, N 엔, 0 영, 3 삼, 6 육 end in a consonant); anything else gets '(으)로'.
 */
export function withRo(word: string): string {
  const last = word.trim().at(-1) ?? '';
  const code = last.charCodeAt(0);
  if (code >= 0xac00 && code <= 0xd7a3) {
    const finalConsonant = (code - 0xac00) % 28;
    return `${word}${finalConsonant === 0 || finalConsonant === 8 ? '로' : '으로'}`;
  }
  if (/[A-Za-z]/.test(last)) return `${word}${/[MNmn]/.test(last) ? '으로' : '로'}`;
  if (/[0-9]/.test(last)) return `${word}${/[036]/.test(last) ? '으로' : '로'}`;
  return `${word}(으)로`;
}
