/** UTF-8 safe base64 (btoa alone rejects characters above U+00FF). */
export function toBase64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}
