export const etaUnknownText = '예상 시간 계산 중';
export const etaSoonText = '잠시 후 입장';

/**
 * The estimated wait of the waiting room: '약 3분 20초', '약 1시간 5분', '잠시 후 입장' under
 * 10 s, '예상 시간 계산 중' while the server has no admission rate yet.
 */
export function formatEta(etaSeconds: number | null | undefined): string {
  if (etaSeconds === null || etaSeconds === undefined || !Number.isFinite(etaSeconds)) {
    return etaUnknownText;
  }
  const total = Math.max(0, Math.round(etaSeconds));
  if (total < 10) return etaSoonText;
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  if (hours > 0) return minutes > 0 ? `약 ${hours}시간 ${minutes}분` : `약 ${hours}시간`;
  if (minutes === 0) return `약 ${seconds}초`;
  return seconds > 0 ? `약 ${minutes}분 ${seconds}초` : `약 ${minutes}분`;
}
