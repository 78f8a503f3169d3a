/** The holiday logo shows all of December and on 1-7 January (local date). */
export function isHolidaySeason(date: Date): boolean {
  const month = date.getMonth()
  return month === 11 || (month === 0 && date.getDate() <= 7)
}
