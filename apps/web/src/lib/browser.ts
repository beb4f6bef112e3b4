/** Leaves the single-page app for another address (sign-in, sign-out, password reset). */
export function goTo(url: string) {
  window.location.assign(url);
}

export function reloadPage() {
  window.location.reload();
}

/** Saves a blob as a file through a temporary link. */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
