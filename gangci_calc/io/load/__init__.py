"""Files and answers in: the loading boundary, the key tables, fields, hands, sessions, prompt answers, the config."""
