/** A short two-tone chime for alerts, made with Web Audio so no sound file ships. */
export function playAlertSound(): void {
  const AudioContextClass = window.AudioContext;
  if (!AudioContextClass) return;
  const context = new AudioContextClass();
  const gain = context.createGain();
  gain.gain.setValueAtTime(0.08, context.currentTime);
  gain.gain.exponentialRampToValueAtTime(0.0001, context.currentTime + 0.5);
  gain.connect(context.destination);
  [880, 660].forEach((frequency, index) => {
    const oscillator = context.createOscillator();
    oscillator.frequency.value = frequency;
    oscillator.connect(gain);
    oscillator.start(context.currentTime + index * 0.15);
    oscillator.stop(context.currentTime + index * 0.15 + 0.2);
  });
  window.setTimeout(() => void context.close(), 800);
}
