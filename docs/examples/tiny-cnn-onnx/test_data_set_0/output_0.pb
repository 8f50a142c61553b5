
BoutputJ(æ‡Î>”G½¦o¾ˆL¾½¶êv¾@xh=n/b¾qÍ¾º•½å~ü=