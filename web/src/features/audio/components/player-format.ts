/** Seconds as the player shows them: 95 -> "1:35". */
export const formatTime = (sec: number) => {
  const s = Math.max(0, Math.floor(sec));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

/** The spec's wording: 0.75x, 1.0x, 1.25x, 1.5x. */
export const speedLabel = (speed: number) => `${Number.isInteger(speed) ? speed.toFixed(1) : String(speed)}x`;
