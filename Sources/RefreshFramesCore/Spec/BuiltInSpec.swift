/// The built-in default spec: `samples/rotate-scale.json`, kept identical by a test.
package enum BuiltInSpec {
    package static let rotateScale = #"""
        {
          "$schema": "../schema/refresh-frames.schema.json",
          "description": "The seven-label rotate-and-scale control of 'A custom pull-to-refresh control in Swift' (AppCoda's tutorial as retold on allluckly.cn, 2016): each label in turn rotates 45° with the next palette colour (0.1 s, linear) and straightens back to black (0.05 s); then all labels scale to 1.5 (0.35 s) and back (0.25 s). refreshing is re-checked only after a whole cycle; the colour index carries over between loops; the user pulls the table down 60 points in 0.5 s, which begins refreshing, and lets go; a 4 s timer ends refreshing. The built-in default.",
          "canvas": {"width": 375, "height": 60, "scale": 2, "background": "#ECF0F1"},
          "font": {"family": "WenQuanYi Micro Hei", "size": 22},
          "views": [
            {"tag": 1, "text": "我"},
            {"tag": 2, "text": "是"},
            {"tag": 3, "text": "自"},
            {"tag": 4, "text": "定"},
            {"tag": 5, "text": "义"},
            {"tag": 6, "text": "刷"},
            {"tag": 7, "text": "新"}
          ],
          "constraints": [
            "4.centerX == superview.centerX",
            "3.trailing == 4.leading - 10",
            "2.trailing == 3.leading - 10",
            "1.trailing == 2.leading - 10",
            "5.leading == 4.trailing + 10",
            "6.leading == 5.trailing + 10",
            "7.leading == 6.trailing + 10",
            "1.centerY == superview.centerY",
            "2.centerY == superview.centerY",
            "3.centerY == superview.centerY",
            "4.centerY == superview.centerY",
            "5.centerY == superview.centerY",
            "6.centerY == superview.centerY",
            "7.centerY == superview.centerY"
          ],
          "palette": ["magenta", "brown", "yellow", "red", "green", "blue", "orange"],
          "program": {
            "check": "afterCycle",
            "cycle": [
              {"each": {"views": "all", "steps": [
                {"animate": {"duration": 0.1, "curve": "linear", "set": {"transform": {"rotation": 45}, "textColor": "palette.next"}}},
                {"animate": {"duration": 0.05, "curve": "linear", "set": {"transform": "identity", "textColor": "black"}}}
              ]}},
              {"animate": {"views": "all", "duration": 0.35, "curve": "linear", "set": {"transform": {"scale": 1.5}}}},
              {"animate": {"views": "all", "duration": 0.25, "curve": "linear", "set": {"transform": "identity"}}}
            ],
            "reset": {"textColor": "black", "transform": "identity"}
          },
          "host": {
            "viewport": {"width": 375, "height": 667},
            "table": {
              "rows": ["情人节快乐", "我喜欢你", "你喜欢我吗？"]
            },
            "updates": [
              {"at": "endRefreshing", "insert": {"section": 0, "row": 3, "rows": ["其实我也喜欢你"], "animation": "middle", "duration": 0.3}}
            ]
          },
          "scenario": {"pull": [[0, 0], [0.5, 60], [0.8, 0]], "refreshAtPull": 60, "workDuration": 4, "controlHeight": 60}
        }
        """#
}
