import type { AppMessages } from '../messages'

export const plNotifications: AppMessages['notifications'] = {
  alarm_subject: 'Alarm Kropla: {{module}}',
  alarm_text:
    'Dzień dobry,\n\nmoduł „{{module}}” ({{serial}}) zgłosił alarm o {{time}}:\n\n{{description}}\n\nAlarmy zobaczysz i potwierdzisz tutaj:\n\n{{link}}\n\nOtrzymujesz tę wiadomość, ponieważ w profilu włączono powiadomienia o alarmach tym kanałem.',
  alarm_sms: 'Alarm Kropla, {{module}}: {{description}}. {{link}}',
  alarm_push_title: 'Alarm: {{module}}',
  alarm_lt: '{{field}}: {{value}}, poniżej progu {{threshold}}',
  alarm_gt: '{{field}}: {{value}}, powyżej progu {{threshold}}',
  alarm_no_data: 'Brak danych z modułu od ponad {{minutes}} minut',
}
