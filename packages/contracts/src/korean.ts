/** Whether the last character of a Korean word has a final consonant (받침). */
function hasFinalConsonant(word: string): boolean {
  const code = word.charCodeAt(word.length - 1);
  if (code < 0xac00 || code > 0xd7a3) return false;
  return (code - 0xac00) % 28 !== 0;
}

/** Appends the object particle 을/를 that fits the word: 이메일을, 아이디를. */
export function withObjectParticle(word: string): string {
  return word + (hasFinalConsonant(word) ? '을' : '를');
}

/** Appends the topic particle 은/는 that fits the word: 이름은, 아이디는. */
export function withTopicParticle(word: string): string {
  return word + (hasFinalConsonant(word) ? '은' : '는');
}
