import { fireEvent, screen } from '@testing-library/react'

/** Fills in the login form, in either language, and sends it. */
export async function logIn(email: string, password: string) {
  fireEvent.change(await screen.findByLabelText(/E-mail/), { target: { value: email } })
  fireEvent.change(screen.getByLabelText(/Password|Hasło/), { target: { value: password } })
  fireEvent.click(screen.getByRole('button', { name: /Log in|Zaloguj/ }))
}
