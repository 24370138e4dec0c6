TEXT = "Stand-in rules."
