import { toString as qrSvg } from 'qrcode';
import { useEffect, useState } from 'react';

/** The otpauth URI as an SVG data URL (the CSP allows data: images; no markup is injected into the page). */
async function qrDataUrl(text: string): Promise<string> {
  const svg = await qrSvg(text, {
    type: 'svg',
    errorCorrectionLevel: 'M',
    margin: 2,
    color: { dark: '#000000', light: '#ffffff' },
  });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** A QR code of `text` for an authenticator app to scan; dark on white whatever the theme, so every camera reads it. */
export function QrCode({ text, label }: { text: string; label: string }) {
  const [src, setSrc] = useState<string | null>(null);

  useEffect(() => {
    let isCurrent = true;
    void qrDataUrl(text).then((url) => {
      if (isCurrent) setSrc(url);
    });
    return () => {
      isCurrent = false;
    };
  }, [text]);

  return (
    <div className="qr-code" data-testid="totp-qr-code">
      {src ? (
        <img src={src} alt={label} width={200} height={200} />
      ) : (
        <span className="qr-code__placeholder" aria-hidden="true" />
      )}
    </div>
  );
}
