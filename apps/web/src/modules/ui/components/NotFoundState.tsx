import { Link } from 'react-router'
import { buttonClassName, Page } from './Page.tsx'

/** A page's not-found state: a title, what was not found, and one way back. */
export function NotFoundState(props: {
  title: string
  body: string
  backTo: string
  backLabel: string
  testId?: string
}) {
  return (
    <Page narrow title={props.title}>
      <p data-testid={props.testId}>{props.body}</p>
      <div>
        <Link to={props.backTo} className={buttonClassName}>
          {props.backLabel}
        </Link>
      </div>
    </Page>
  )
}
