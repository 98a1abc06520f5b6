/// The JSON Schema (draft 2020-12) of a spec, as `refresh-frames schema` prints it and
/// `schema/refresh-frames.schema.json` keeps it (a test holds the two and the decoder together).
public enum SpecSchema {
    public static let text = #"""
        {
          "$schema": "https://json-schema.org/draft/2020-12/schema",
          "title": "RefreshFrames spec",
          "description": "A custom pull-to-refresh control: views, Auto Layout constraints, the animation program and the refresh scenario (docs/spec.md).",
          "type": "object",
          "properties": {
            "$schema": {
              "type": "string",
              "description": "The schema this file follows, for editors."
            },
            "description": {
              "type": "string",
              "description": "Free text: which tutorial or design the spec reproduces."
            },
            "canvas": {
              "type": "object",
              "description": "The control's bounds.",
              "properties": {
                "width": {
                  "type": "number",
                  "description": "Points.",
                  "minimum": 1,
                  "maximum": 4096
                },
                "height": {
                  "type": "number",
                  "description": "Points.",
                  "minimum": 1,
                  "maximum": 4096
                },
                "scale": {
                  "type": "number",
                  "description": "Pixels per point; 2 by default.",
                  "minimum": 1,
                  "maximum": 4
                },
                "background": {
                  "$ref": "#/$defs/color",
                  "description": "The colour behind every view; white by default."
                }
              },
              "required": [
                "width",
                "height"
              ],
              "additionalProperties": false
            },
            "font": {
              "$ref": "#/$defs/font",
              "description": "The default font of every label."
            },
            "fonts": {
              "type": "array",
              "description": "The app's own font files (as its UIAppFonts), relative to the spec; their faces answer to their family, full and PostScript names.",
              "items": {
                "type": "string",
                "minLength": 1
              }
            },
            "views": {
              "type": "array",
              "description": "The subviews in z-order.",
              "items": {
                "$ref": "#/$defs/view"
              },
              "minItems": 1,
              "maxItems": 256
            },
            "constraints": {
              "type": "array",
              "description": "Auto Layout constraints.",
              "items": {
                "$ref": "#/$defs/constraint"
              },
              "maxItems": 4096
            },
            "palette": {
              "type": "array",
              "description": "Colours that \"palette.next\" hands out in turn.",
              "items": {
                "$ref": "#/$defs/color"
              }
            },
            "program": {
              "type": "object",
              "description": "The animation, run from the moment refreshing begins.",
              "properties": {
                "check": {
                  "description": "Where refreshing is re-checked: afterCycle (the default) or afterEachView.",
                  "enum": [
                    "afterCycle",
                    "afterEachView"
                  ]
                },
                "cycle": {
                  "type": "array",
                  "description": "The steps of one pass of the loop.",
                  "items": {
                    "$ref": "#/$defs/step"
                  },
                  "minItems": 1
                },
                "reset": {
                  "$ref": "#/$defs/changes"
                }
              },
              "required": [
                "cycle"
              ],
              "additionalProperties": false
            },
            "scenario": {
              "type": "object",
              "description": "The pull, when refreshing begins and ends.",
              "properties": {
                "pull": {
                  "type": "array",
                  "description": "The finger's pull: [[seconds, points], …].",
                  "items": {
                    "type": "array",
                    "items": {
                      "type": "number"
                    },
                    "minItems": 2,
                    "maxItems": 2
                  }
                },
                "refreshAt": {
                  "type": "number",
                  "description": "Refreshing begins at this time (seconds).",
                  "minimum": 0,
                  "maximum": 600
                },
                "refreshAtPull": {
                  "type": "number",
                  "description": "Refreshing begins when the pull first reaches this many points.",
                  "minimum": 1,
                  "maximum": 2000
                },
                "workDuration": {
                  "type": "number",
                  "description": "Seconds from refresh begin to endRefreshing.",
                  "minimum": 0,
                  "maximum": 600
                },
                "controlHeight": {
                  "type": "number",
                  "description": "Points; 60 by default.",
                  "minimum": 1,
                  "maximum": 4096
                },
                "contentAlphaFollowsPull": {
                  "type": "number",
                  "description": "alpha = pull / N on the whole control.",
                  "minimum": 1,
                  "maximum": 2000
                },
                "collapseDuration": {
                  "type": "number",
                  "description": "Seconds; 0.3 by default.",
                  "minimum": 0,
                  "maximum": 10
                },
                "duration": {
                  "type": "number",
                  "description": "Seconds; computed by default.",
                  "minimum": 0.01,
                  "maximum": 600
                }
              },
              "required": [
                "workDuration"
              ],
              "additionalProperties": false,
              "oneOf": [
                {
                  "required": [
                    "refreshAt"
                  ]
                },
                {
                  "required": [
                    "refreshAtPull"
                  ]
                }
              ]
            },
            "host": {
              "$ref": "#/$defs/host"
            },
            "golden": {
              "type": "object",
              "description": "This spec's tolerance for its pixel goldens; the command line's --threshold and --max-diff win over it, and it wins over the golden manifest's (docs/ci.md).",
              "properties": {
                "threshold": {
                  "type": "number",
                  "description": "Per-pixel colour threshold in YIQ, as --threshold.",
                  "minimum": 0,
                  "maximum": 1
                },
                "maxDiff": {
                  "type": "number",
                  "description": "Percent of pixels a frame may differ by, as --max-diff.",
                  "minimum": 0,
                  "maximum": 100
                }
              },
              "additionalProperties": false
            }
          },
          "required": [
            "canvas",
            "views",
            "scenario"
          ],
          "additionalProperties": false,
          "$defs": {
            "color": {
              "description": "\"#RRGGBB\", \"#RRGGBBAA\", \"#RGB\", a UIKit name (black, darkGray, lightGray, white, gray, red, green, blue, cyan, yellow, magenta, orange, purple, brown, clear), {\"red\", \"green\", \"blue\", \"alpha\"} or {\"white\", \"alpha\"} (components 0 to 1).",
              "if": {
                "type": "object"
              },
              "then": {
                "if": {
                  "required": [
                    "white"
                  ]
                },
                "then": {
                  "type": "object",
                  "properties": {
                    "white": {
                      "type": "number",
                      "description": "0 to 1.",
                      "minimum": 0,
                      "maximum": 1
                    },
                    "alpha": {
                      "type": "number",
                      "description": "0 to 1; 1 by default.",
                      "minimum": 0,
                      "maximum": 1
                    }
                  },
                  "required": [
                    "white"
                  ],
                  "additionalProperties": false
                },
                "else": {
                  "type": "object",
                  "properties": {
                    "red": {
                      "type": "number",
                      "description": "0 to 1.",
                      "minimum": 0,
                      "maximum": 1
                    },
                    "green": {
                      "type": "number",
                      "description": "0 to 1.",
                      "minimum": 0,
                      "maximum": 1
                    },
                    "blue": {
                      "type": "number",
                      "description": "0 to 1.",
                      "minimum": 0,
                      "maximum": 1
                    },
                    "alpha": {
                      "type": "number",
                      "description": "0 to 1; 1 by default.",
                      "minimum": 0,
                      "maximum": 1
                    }
                  },
                  "required": [
                    "red",
                    "green",
                    "blue"
                  ],
                  "additionalProperties": false
                }
              },
              "else": {
                "type": "string",
                "examples": [
                  "#1D1D25",
                  "magenta",
                  "clear"
                ]
              }
            },
            "colorValue": {
              "description": "A colour, or \"palette.next\": the next colour of the spec's palette.",
              "anyOf": [
                {
                  "$ref": "#/$defs/color"
                },
                {
                  "const": "palette.next"
                }
              ]
            },
            "font": {
              "type": "object",
              "description": "A font: {\"family\", \"size\", \"weight\"}; unset keys come from the top-level font.",
              "properties": {
                "family": {
                  "type": "string",
                  "description": "A family name or any fontconfig pattern (`sans-serif:lang=zh-cn`).",
                  "minLength": 1,
                  "examples": [
                    "WenQuanYi Micro Hei"
                  ]
                },
                "size": {
                  "type": "number",
                  "description": "Points.",
                  "minimum": 1,
                  "maximum": 500
                },
                "weight": {
                  "description": "The weight; regular by default.",
                  "enum": [
                    "thin",
                    "light",
                    "regular",
                    "medium",
                    "semibold",
                    "bold",
                    "heavy",
                    "black"
                  ]
                },
                "italic": {
                  "type": "boolean",
                  "description": "Italic (oblique where the family has no italic face); false by default."
                },
                "textStyle": {
                  "description": "A Dynamic Type style at the default (Large) content size: the System font at that style's size and weight.",
                  "enum": [
                    "body",
                    "callout",
                    "caption1",
                    "caption2",
                    "footnote",
                    "headline",
                    "largeTitle",
                    "subheadline",
                    "title1",
                    "title2",
                    "title3"
                  ]
                }
              },
              "additionalProperties": false
            },
            "view": {
              "type": "object",
              "description": "A subview of the control.",
              "properties": {
                "tag": {
                  "type": "integer",
                  "description": "A positive integer, unique: how constraints and the program name the view (viewWithTag).",
                  "minimum": 1,
                  "maximum": 1000000
                },
                "name": {
                  "type": "string",
                  "description": "How visual-format strings name the view (`[title]`); `v` + tag by default.",
                  "pattern": "^[A-Za-z_][A-Za-z0-9_]*$"
                },
                "kind": {
                  "description": "label (UILabel, the default), view (plain UIView), spinner (UIRefreshControl's stock spinner) or stack (UIStackView: lays out its subviews).",
                  "enum": [
                    "label",
                    "view",
                    "spinner",
                    "stack"
                  ]
                },
                "superview": {
                  "type": "integer",
                  "description": "The tag of the view this one is a subview of; the control's root view by default. Frames are in the superview's coordinates.",
                  "minimum": 1,
                  "maximum": 1000000
                },
                "hidden": {
                  "type": "boolean",
                  "description": "Not drawn, nor its subviews; in a stack view it takes no space (isHidden)."
                },
                "spacingAfter": {
                  "type": "number",
                  "description": "An arranged view's custom spacing after it (setCustomSpacing(_:after:)).",
                  "minimum": -10000,
                  "maximum": 10000
                },
                "axis": {
                  "description": "Stack views: horizontal (the default) or vertical.",
                  "enum": [
                    "horizontal",
                    "vertical"
                  ]
                },
                "spacing": {
                  "type": "number",
                  "description": "Stack views: points between arranged views (exact for the fill distributions, the minimum for equalSpacing and equalCentering); 0 by default.",
                  "minimum": -10000,
                  "maximum": 10000
                },
                "alignment": {
                  "description": "Stack views: across the axis; fill by default (leading = top, trailing = bottom). Baselines are refused.",
                  "enum": [
                    "fill",
                    "leading",
                    "top",
                    "center",
                    "trailing",
                    "bottom"
                  ]
                },
                "distribution": {
                  "description": "Stack views: along the axis; fill by default.",
                  "enum": [
                    "fill",
                    "fillEqually",
                    "fillProportionally",
                    "equalSpacing",
                    "equalCentering"
                  ]
                },
                "isLayoutMarginsRelativeArrangement": {
                  "type": "boolean",
                  "description": "Stack views: arrange inside layoutMargins."
                },
                "layoutMargins": {
                  "description": "Stack views: a number or [top, left, bottom, right]; 8 by default.",
                  "anyOf": [
                    {
                      "type": "number"
                    },
                    {
                      "type": "array",
                      "items": {
                        "type": "number"
                      },
                      "minItems": 4,
                      "maxItems": 4
                    }
                  ]
                },
                "text": {
                  "description": "A string, or {\"idle\", \"refreshing\"}: the text before and from the moment refreshing begins. `{now:yyyy-MM-dd HH:mm:ss}` inserts the clock.",
                  "oneOf": [
                    {
                      "type": "string",
                      "maxLength": 200
                    },
                    {
                      "type": "object",
                      "properties": {
                        "idle": {
                          "type": "string",
                          "maxLength": 200
                        },
                        "refreshing": {
                          "type": "string",
                          "maxLength": 200
                        }
                      },
                      "additionalProperties": false
                    }
                  ]
                },
                "font": {
                  "$ref": "#/$defs/font",
                  "description": "The label's font; the top-level font by default."
                },
                "textColor": {
                  "$ref": "#/$defs/color",
                  "description": "black by default."
                },
                "textAlignment": {
                  "description": "center by default.",
                  "enum": [
                    "left",
                    "center",
                    "right"
                  ]
                },
                "backgroundColor": {
                  "$ref": "#/$defs/color",
                  "description": "clear by default."
                },
                "cornerRadius": {
                  "description": "Points, or \"quarterOfWidthPlusHeight\": (width + height) * 0.25.",
                  "anyOf": [
                    {
                      "type": "number",
                      "minimum": 0,
                      "maximum": 4096
                    },
                    {
                      "const": "quarterOfWidthPlusHeight"
                    }
                  ]
                },
                "clipsToBounds": {
                  "type": "boolean",
                  "description": "Clips text and background to the (rounded) bounds."
                },
                "alpha": {
                  "type": "number",
                  "description": "0 to 1; 1 by default.",
                  "minimum": 0,
                  "maximum": 1
                },
                "tintColor": {
                  "$ref": "#/$defs/color",
                  "description": "The spinner's spoke colour; gray by default."
                },
                "huggingPriority": {
                  "type": "number",
                  "description": "Content hugging of the intrinsic size; 251 by default.",
                  "minimum": 1,
                  "maximum": 1000
                },
                "compressionPriority": {
                  "type": "number",
                  "description": "Compression resistance of the intrinsic size; 750 by default.",
                  "minimum": 1,
                  "maximum": 1000
                }
              },
              "required": [
                "tag"
              ],
              "additionalProperties": false
            },
            "constraint": {
              "description": "An Auto Layout constraint: the one-line form (\"3.centerX == superview.centerX - 19\"), a Visual Format Language string (\"H:|-25-[v1]-10-[v2]-25-|\"), or an object.",
              "if": {
                "type": "string"
              },
              "then": {
                "$ref": "#/$defs/constraintString"
              },
              "else": {
                "if": {
                  "type": "object",
                  "required": [
                    "visual"
                  ]
                },
                "then": {
                  "$ref": "#/$defs/visualFormat"
                },
                "else": {
                  "$ref": "#/$defs/constraintObject"
                }
              }
            },
            "alignment": {
              "description": "alignAllTop, alignAllBottom, alignAllCenterY for H:; alignAllLeft, alignAllRight, alignAllLeading, alignAllTrailing, alignAllCenterX for V:.",
              "enum": [
                "alignAllBottom",
                "alignAllCenterX",
                "alignAllCenterY",
                "alignAllLeading",
                "alignAllLeft",
                "alignAllRight",
                "alignAllTop",
                "alignAllTrailing"
              ]
            },
            "viewList": {
              "description": "\"all\", a list of tags, or {\"from\", \"to\"}.",
              "anyOf": [
                {
                  "const": "all"
                },
                {
                  "type": "array",
                  "items": {
                    "type": "integer"
                  },
                  "minItems": 1
                },
                {
                  "type": "object",
                  "properties": {
                    "from": {
                      "type": "integer"
                    },
                    "to": {
                      "type": "integer"
                    }
                  },
                  "required": [
                    "from",
                    "to"
                  ],
                  "additionalProperties": false
                }
              ]
            },
            "curve": {
              "description": "linear, easeIn, easeOut, easeInOut (the default), {\"cubicBezier\": [x1, y1, x2, y2]} or {\"spring\": {\"damping\", \"velocity\"}}.",
              "oneOf": [
                {
                  "enum": [
                    "linear",
                    "easeIn",
                    "easeOut",
                    "easeInOut"
                  ]
                },
                {
                  "type": "object",
                  "properties": {
                    "cubicBezier": {
                      "type": "array",
                      "items": {
                        "type": "number"
                      },
                      "minItems": 4,
                      "maxItems": 4
                    }
                  },
                  "required": [
                    "cubicBezier"
                  ],
                  "additionalProperties": false
                },
                {
                  "type": "object",
                  "properties": {
                    "spring": {
                      "type": "object",
                      "properties": {
                        "damping": {
                          "type": "number",
                          "description": "0.01 to 1.",
                          "minimum": 0.01,
                          "maximum": 1
                        },
                        "velocity": {
                          "type": "number",
                          "description": "-100 to 100; 0 by default.",
                          "minimum": -100,
                          "maximum": 100
                        }
                      },
                      "required": [
                        "damping"
                      ],
                      "additionalProperties": false
                    }
                  },
                  "required": [
                    "spring"
                  ],
                  "additionalProperties": false
                }
              ]
            },
            "transform": {
              "description": "\"identity\", or {\"rotation\" (degrees, clockwise), \"scale\" (a number or [sx, sy]), \"translation\" ([tx, ty] points)}.",
              "anyOf": [
                {
                  "const": "identity"
                },
                {
                  "type": "object",
                  "properties": {
                    "rotation": {
                      "type": "number",
                      "description": "Degrees, positive = clockwise.",
                      "minimum": -3600,
                      "maximum": 3600
                    },
                    "scale": {
                      "anyOf": [
                        {
                          "type": "number"
                        },
                        {
                          "type": "array",
                          "items": {
                            "type": "number"
                          },
                          "minItems": 2,
                          "maxItems": 2
                        }
                      ]
                    },
                    "translation": {
                      "type": "array",
                      "items": {
                        "type": "number"
                      },
                      "minItems": 2,
                      "maxItems": 2
                    }
                  },
                  "additionalProperties": false
                }
              ]
            },
            "changes": {
              "type": "object",
              "description": "The properties an animation block sets.",
              "properties": {
                "transform": {
                  "$ref": "#/$defs/transform"
                },
                "alpha": {
                  "type": "number",
                  "description": "0 to 1.",
                  "minimum": 0,
                  "maximum": 1
                },
                "backgroundColor": {
                  "$ref": "#/$defs/colorValue"
                },
                "textColor": {
                  "$ref": "#/$defs/colorValue"
                }
              },
              "additionalProperties": false,
              "minProperties": 1
            },
            "step": {
              "description": "{\"animate\": …} (one UIView.animate) or {\"each\": …} (its steps once per view).",
              "if": {
                "type": "object",
                "required": [
                  "each"
                ]
              },
              "then": {
                "$ref": "#/$defs/eachStep"
              },
              "else": {
                "$ref": "#/$defs/animateStep"
              }
            },
            "rows": {
              "type": "array",
              "description": "Rows: a string, or {\"text\", \"detail\"}.",
              "items": {
                "anyOf": [
                  {
                    "type": "string",
                    "maxLength": 200
                  },
                  {
                    "type": "object",
                    "properties": {
                      "text": {
                        "type": "string",
                        "maxLength": 200
                      },
                      "detail": {
                        "type": "string",
                        "maxLength": 200
                      }
                    },
                    "required": [
                      "text"
                    ],
                    "additionalProperties": false
                  }
                ]
              }
            },
            "generated": {
              "type": "object",
              "properties": {
                "count": {
                  "type": "integer",
                  "description": "Rows.",
                  "minimum": 0,
                  "maximum": 1000
                },
                "title": {
                  "type": "string",
                  "description": "`{random:N}` and `{now:…}` templates allowed."
                },
                "detail": {
                  "type": "string",
                  "description": "A detail text template."
                },
                "seed": {
                  "type": "integer",
                  "description": "The random seed.",
                  "minimum": 0,
                  "maximum": 999999999
                }
              },
              "required": [
                "count",
                "title"
              ],
              "additionalProperties": false
            },
            "sections": {
              "type": "array",
              "items": {
                "type": "object",
                "properties": {
                  "rows": {
                    "$ref": "#/$defs/rows"
                  },
                  "header": {
                    "type": "string",
                    "maxLength": 200
                  }
                },
                "required": [
                  "rows"
                ],
                "additionalProperties": false
              }
            },
            "host": {
              "type": "object",
              "description": "The table the control sits above (docs/scene.md).",
              "properties": {
                "viewport": {
                  "type": "object",
                  "properties": {
                    "width": {
                      "type": "number",
                      "description": "Points.",
                      "minimum": 1,
                      "maximum": 4096
                    },
                    "height": {
                      "type": "number",
                      "description": "Points.",
                      "minimum": 1,
                      "maximum": 4096
                    }
                  },
                  "required": [
                    "width",
                    "height"
                  ],
                  "additionalProperties": false
                },
                "table": {
                  "type": "object",
                  "properties": {
                    "backgroundColor": {
                      "$ref": "#/$defs/color"
                    },
                    "separatorColor": {
                      "$ref": "#/$defs/color"
                    },
                    "separatorInset": {
                      "type": "number",
                      "description": "Points.",
                      "minimum": 0,
                      "maximum": 4096
                    },
                    "rowHeight": {
                      "anyOf": [
                        {
                          "type": "number",
                          "minimum": 1,
                          "maximum": 4096
                        },
                        {
                          "const": "automatic"
                        }
                      ]
                    },
                    "sectionHeaderHeight": {
                      "type": "number",
                      "description": "Points.",
                      "minimum": 0,
                      "maximum": 4096
                    },
                    "cell": {
                      "type": "object",
                      "properties": {
                        "style": {
                          "description": "UITableViewCell.CellStyle.",
                          "enum": [
                            "default",
                            "subtitle"
                          ]
                        },
                        "font": {
                          "$ref": "#/$defs/font"
                        },
                        "detailFont": {
                          "$ref": "#/$defs/font"
                        },
                        "textAlignment": {
                          "description": "",
                          "enum": [
                            "left",
                            "center",
                            "right"
                          ]
                        },
                        "textColor": {
                          "$ref": "#/$defs/color"
                        },
                        "detailTextColor": {
                          "$ref": "#/$defs/color"
                        },
                        "backgroundColor": {
                          "$ref": "#/$defs/color"
                        }
                      },
                      "additionalProperties": false
                    },
                    "rows": {
                      "$ref": "#/$defs/rows"
                    },
                    "sections": {
                      "$ref": "#/$defs/sections"
                    },
                    "generated": {
                      "$ref": "#/$defs/generated"
                    }
                  },
                  "additionalProperties": false,
                  "oneOf": [
                    {
                      "required": [
                        "rows"
                      ]
                    },
                    {
                      "required": [
                        "sections"
                      ]
                    },
                    {
                      "required": [
                        "generated"
                      ]
                    }
                  ]
                },
                "updates": {
                  "type": "array",
                  "items": {
                    "type": "object",
                    "properties": {
                      "at": {
                        "description": "Seconds, \"endRefreshing\" or \"refreshBegan\".",
                        "anyOf": [
                          {
                            "type": "number",
                            "minimum": 0,
                            "maximum": 600
                          },
                          {
                            "enum": [
                              "endRefreshing",
                              "refreshBegan"
                            ]
                          }
                        ]
                      },
                      "insert": {
                        "type": "object",
                        "properties": {
                          "section": {
                            "type": "integer",
                            "description": "0 by default.",
                            "minimum": 0
                          },
                          "row": {
                            "type": "integer",
                            "description": "",
                            "minimum": 0
                          },
                          "rows": {
                            "$ref": "#/$defs/rows"
                          },
                          "animation": {
                            "description": "The row animation.",
                            "enum": [
                              "fade",
                              "top",
                              "bottom",
                              "middle",
                              "automatic",
                              "none"
                            ]
                          },
                          "duration": {
                            "type": "number",
                            "description": "Seconds.",
                            "minimum": 0
                          }
                        },
                        "required": [
                          "row",
                          "rows"
                        ],
                        "additionalProperties": false
                      },
                      "append": {
                        "type": "object",
                        "properties": {
                          "section": {
                            "type": "integer",
                            "description": "0 by default.",
                            "minimum": 0
                          },
                          "rows": {
                            "$ref": "#/$defs/rows"
                          },
                          "animation": {
                            "description": "The row animation.",
                            "enum": [
                              "fade",
                              "top",
                              "bottom",
                              "middle",
                              "automatic",
                              "none"
                            ]
                          },
                          "duration": {
                            "type": "number",
                            "description": "Seconds.",
                            "minimum": 0
                          }
                        },
                        "required": [
                          "rows"
                        ],
                        "additionalProperties": false
                      },
                      "reload": {
                        "type": "object",
                        "properties": {
                          "rows": {
                            "$ref": "#/$defs/rows"
                          },
                          "sections": {
                            "$ref": "#/$defs/sections"
                          },
                          "generated": {
                            "$ref": "#/$defs/generated"
                          }
                        },
                        "additionalProperties": false,
                        "oneOf": [
                          {
                            "required": [
                              "rows"
                            ]
                          },
                          {
                            "required": [
                              "sections"
                            ]
                          },
                          {
                            "required": [
                              "generated"
                            ]
                          }
                        ]
                      }
                    },
                    "required": [
                      "at"
                    ],
                    "additionalProperties": false,
                    "oneOf": [
                      {
                        "required": [
                          "insert"
                        ]
                      },
                      {
                        "required": [
                          "append"
                        ]
                      },
                      {
                        "required": [
                          "reload"
                        ]
                      }
                    ]
                  }
                }
              },
              "required": [
                "table"
              ],
              "additionalProperties": false
            },
            "constraintString": {
              "type": "string",
              "description": "\"ITEM.attribute (==|<=|>=) [MULTIPLIER *] ITEM.attribute [(+|-) CONSTANT] [@PRIORITY]\", or a visual format starting with H:, V:, | or [.",
              "examples": [
                "2.trailing == 3.leading - 10",
                "H:|-25-[v1]-10-[v2]-25-|"
              ]
            },
            "constraintObject": {
              "type": "object",
              "description": "item.attribute relation multiplier × toItem.toAttribute + constant, as NSLayoutConstraint.",
              "properties": {
                "item": {
                  "description": "A view tag, or \"superview\" (the control).",
                  "anyOf": [
                    {
                      "type": "integer",
                      "minimum": 1,
                      "maximum": 1000000
                    },
                    {
                      "const": "superview"
                    }
                  ]
                },
                "attribute": {
                  "description": "The constrained attribute (leading = left, trailing = right).",
                  "enum": [
                    "left",
                    "right",
                    "top",
                    "bottom",
                    "leading",
                    "trailing",
                    "width",
                    "height",
                    "centerX",
                    "centerY"
                  ]
                },
                "relation": {
                  "description": "== by default.",
                  "enum": [
                    "==",
                    "<=",
                    ">="
                  ]
                },
                "toItem": {
                  "description": "A view tag, or \"superview\" (the control).",
                  "anyOf": [
                    {
                      "type": "integer",
                      "minimum": 1,
                      "maximum": 1000000
                    },
                    {
                      "const": "superview"
                    }
                  ]
                },
                "toAttribute": {
                  "description": "The other attribute; `attribute` by default.",
                  "enum": [
                    "left",
                    "right",
                    "top",
                    "bottom",
                    "leading",
                    "trailing",
                    "width",
                    "height",
                    "centerX",
                    "centerY"
                  ]
                },
                "multiplier": {
                  "type": "number",
                  "description": "1 by default.",
                  "minimum": -10000,
                  "maximum": 10000
                },
                "constant": {
                  "type": "number",
                  "description": "Points; 0 by default.",
                  "minimum": -100000,
                  "maximum": 100000
                },
                "priority": {
                  "type": "number",
                  "description": "1 to 1000; 1000 (required) by default.",
                  "minimum": 1,
                  "maximum": 1000
                }
              },
              "required": [
                "item",
                "attribute"
              ],
              "additionalProperties": false
            },
            "visualFormat": {
              "type": "object",
              "description": "A visual format with options or metrics.",
              "properties": {
                "visual": {
                  "type": "string",
                  "description": "A Visual Format Language string, as NSLayoutConstraint.constraints(withVisualFormat:…) takes it.",
                  "examples": [
                    "H:|-[v1]-[v2(==v1)]-|"
                  ]
                },
                "options": {
                  "description": "Alignment options: every view of the string gets this attribute equal to the first view's.",
                  "anyOf": [
                    {
                      "$ref": "#/$defs/alignment"
                    },
                    {
                      "type": "array",
                      "items": {
                        "$ref": "#/$defs/alignment"
                      }
                    }
                  ]
                },
                "metrics": {
                  "type": "object",
                  "description": "Names for numbers used in the string.",
                  "propertyNames": {
                    "pattern": "^[A-Za-z_][A-Za-z0-9_]*$"
                  },
                  "additionalProperties": {
                    "type": "number"
                  }
                }
              },
              "required": [
                "visual"
              ],
              "additionalProperties": false
            },
            "animateStep": {
              "type": "object",
              "properties": {
                "animate": {
                  "type": "object",
                  "properties": {
                    "views": {
                      "description": "\"all\", a list of tags, {\"from\", \"to\"}, or \"current\" (the view of the enclosing each; the default inside one).",
                      "anyOf": [
                        {
                          "$ref": "#/$defs/viewList"
                        },
                        {
                          "const": "current"
                        }
                      ]
                    },
                    "duration": {
                      "type": "number",
                      "description": "Seconds.",
                      "minimum": 0,
                      "maximum": 600
                    },
                    "delay": {
                      "type": "number",
                      "description": "Seconds; 0 by default.",
                      "minimum": 0,
                      "maximum": 600
                    },
                    "curve": {
                      "$ref": "#/$defs/curve"
                    },
                    "set": {
                      "$ref": "#/$defs/changes"
                    }
                  },
                  "required": [
                    "duration",
                    "set"
                  ],
                  "additionalProperties": false
                }
              },
              "required": [
                "animate"
              ],
              "additionalProperties": false
            },
            "eachStep": {
              "type": "object",
              "properties": {
                "each": {
                  "type": "object",
                  "properties": {
                    "views": {
                      "$ref": "#/$defs/viewList"
                    },
                    "wrapAt": {
                      "type": "integer",
                      "description": "The index at which the position wraps back to the first view.",
                      "minimum": 1
                    },
                    "steps": {
                      "type": "array",
                      "items": {
                        "$ref": "#/$defs/step"
                      },
                      "minItems": 1
                    }
                  },
                  "required": [
                    "views",
                    "steps"
                  ],
                  "additionalProperties": false
                }
              },
              "required": [
                "each"
              ],
              "additionalProperties": false
            }
          }
        }
        """# + "\n"
}
