// Numbers as players read them in a summary: a true minus sign (−11, never the
// hyphen -11, so a column never mixes the two) and a plus on a gain.
export const plain = (n) => (n < 0 ? `−${-n}` : String(n));
export const signed = (n) => (n > 0 ? `+${n}` : plain(n));
