export const enNotifications = {
  alarm_subject: 'Kropla alarm: {{module}}',
  alarm_text:
    'Hello,\n\nthe module "{{module}}" ({{serial}}) raised an alarm at {{time}}:\n\n{{description}}\n\nSee and confirm your alarms here:\n\n{{link}}\n\nYou receive this message because alarm notifications by this channel are on in your profile.',
  alarm_sms: 'Kropla alarm, {{module}}: {{description}}. {{link}}',
  alarm_push_title: 'Alarm: {{module}}',
  alarm_lt: '{{field}} is {{value}}, below the threshold of {{threshold}}',
  alarm_gt: '{{field}} is {{value}}, above the threshold of {{threshold}}',
  alarm_no_data: 'No data from the module for more than {{minutes}} minutes',
}
