import sys

from yuanzi.cli import main

sys.exit(main())
