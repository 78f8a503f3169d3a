/**
 * The account's avatar picture: decorative (the account's name is the label beside it), never sends
 * a referrer. Only a source isShowableAvatar passed reaches here.
 */
export function AvatarImage(props: {
  src: string
  size: number
  className: string | undefined
  testId: string
}) {
  return (
    <img
      className={props.className}
      src={props.src}
      alt=""
      width={props.size}
      height={props.size}
      referrerPolicy="no-referrer"
      data-testid={props.testId}
    />
  )
}
