/** An e-mail address as every form accepts it: no spaces, one @, and a dot after it. */
export const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
