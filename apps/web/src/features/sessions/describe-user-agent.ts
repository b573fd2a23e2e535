/** A browser and its system, read from a user-agent string well enough to recognise one's own devices. */
export function describeUserAgent(userAgent: string): { browser: string; os: string } | null {
  const browser = firstMatch(userAgent, [
    [/Edg(e|A|iOS)?\//, 'Edge'],
    [/OPR\/|Opera/, 'Opera'],
    [/Firefox\/|FxiOS\//, 'Firefox'],
    [/CriOS\/|Chrome\/|Chromium\//, 'Chrome'],
    [/Version\/[\d.]+.*Safari\//, 'Safari'],
  ])
  const os = firstMatch(userAgent, [
    [/iPhone|iPad|iPod/, 'iOS'],
    [/Android/, 'Android'],
    [/Windows/, 'Windows'],
    [/Mac OS X|Macintosh/, 'macOS'],
    [/CrOS/, 'ChromeOS'],
    [/Linux/, 'Linux'],
  ])
  if (!browser && !os) return null
  return { browser: browser ?? '?', os: os ?? '?' }
}

function firstMatch(text: string, patterns: readonly (readonly [RegExp, string])[]): string | null {
  return patterns.find(([pattern]) => pattern.test(text))?.[1] ?? null
}
