// Saves a value as a JSON file through the browser's download (an object URL on a temporary link).
export function downloadJson(value: unknown, fileName: string): void {
  const blob = new Blob([JSON.stringify(value, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next task: the download has taken its copy by then.
  setTimeout(() => {
    URL.revokeObjectURL(url);
  }, 0);
}
