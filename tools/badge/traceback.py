"""Stand-in for the firmware's traceback (the unix port has neither it nor sys.print_exception): the error's type
and message, which is what a crash screen needs to show here."""


def print_exception(exc, value=None, tb=None, limit=None, file=None, chain=True):
    if value is not None and not isinstance(exc, BaseException):
        exc = value
    print("Traceback (most recent call last):\n%s: %s" % (type(exc).__name__, exc))


def format_exception(exc, value=None, tb=None, limit=None, chain=True):
    if value is not None and not isinstance(exc, BaseException):
        exc = value
    return ["%s: %s\n" % (type(exc).__name__, exc)]


def print_exc(limit=None, file=None, chain=True):
    import sys
    print_exception(sys.exc_info()[1])
