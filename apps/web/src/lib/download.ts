/** Saves a text made in the browser as a file (raw JSON, an exported layout). */
export function downloadText(fileName: string, text: string, type = 'application/json'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // The click has started the download by then.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Downloads through a link (a signed media link): the file comes as an attachment, the page stays. */
export function followDownloadLink(link: string): void {
  const anchor = document.createElement('a');
  anchor.href = link;
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}

/**
 * Opens a document (a PDF behind a signed link asked for now) in a new tab. The tab is opened before the
 * link is asked, while the click still counts as the user's, so that browsers do not block it.
 */
export async function openLinkInNewTab(askLink: () => Promise<{ mediaLink: string }>): Promise<void> {
  const opened = window.open('', '_blank');
  try {
    const { mediaLink } = await askLink();
    if (opened) opened.location.href = mediaLink;
    else window.location.assign(mediaLink);
  } catch (error) {
    opened?.close();
    throw error;
  }
}
