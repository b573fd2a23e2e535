export const enPayments = {
  title: 'Payments and subscription',
  subscription: 'Subscription',
  active: 'Active',
  blocked: 'Blocked',
  valid_until: 'Valid until {{date}}',
  no_expiry: 'No end date',
  how_to_pay: 'Paying and extending',
  order_text: 'Kropla does not take payments in the app. To pay, extend or change the subscription, write to',
}
