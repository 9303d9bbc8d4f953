/** What the installed app says about reading offline and about a new version (issue 36). */
export const offlineMessages = {
  /** Over the signed-in pages while the browser is offline: how old the figures shown are. */
  figuresAsOf: (time: string) => `Offline, figures as of ${time}`,
  /** The same banner when no figure has been loaded yet. */
  offline: "Offline",
  /** A write tried offline: refused at once, never queued to be sent later. */
  writeRefused: "You are offline: nothing was sent or changed. Try again when you are back online.",
  newVersion: "A new version is ready",
  reload: "Reload",
} as const;
